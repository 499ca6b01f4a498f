import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { FileStore } from "../store/file-store";
import {
  BackupRefused,
  backupName,
  finishedBackups,
  lockFolder,
  type Manifest,
  type ManifestObject,
  partialName,
  readManifest,
  removePartialBackups,
} from "./folder";
import { fileSha256, type ObjectStore, objectStore } from "./objects";
import { dumpPostgres, PG_DUMP_MISSING, snapshotSqlite } from "./snapshot";

/** What a backup reads: the server's own settings and store. */
export interface BackupSource {
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  store: FileStore;
  /** Every stored object's key and size, listed after the snapshot (docs/operating.md, "Backups"). */
  listMedia(): Promise<Array<{ key: string; size: number }>>;
}

export interface BackupResult {
  name: string;
  path: string;
  manifest: Manifest;
  /** Objects listed that were deleted before they could be read (expired conversions, purged tracks). */
  gone: string[];
  removedBackups: string[];
}

/** Copies at once: enough to hide a bucket's latency, few enough for a small server's disk. */
const PARALLEL = 4;

/**
 * One backup into `folder`: the database snapshot first, then every object the store lists, so every object a
 * snapshot row names is copied (objects are immutable under their keys). Then the manifest, the check of what
 * was written against it, and the rename that makes the backup finished. Anything that fails removes the
 * partial backup and throws; earlier backups are never written.
 */
export async function runBackup(
  folder: string,
  source: BackupSource,
  options: { keep?: number; say?: (line: string) => void } = {},
): Promise<BackupResult> {
  const say = options.say ?? (() => {});
  if (source.databaseUrl && !Bun.which("pg_dump")) throw new BackupRefused(PG_DUMP_MISSING);
  mkdirSync(folder, { recursive: true });
  const release = lockFolder(folder);
  const objects = objectStore(folder);
  const startedAt = new Date();
  const name = backupName(startedAt);
  const partial = join(folder, partialName(name));
  try {
    for (const left of removePartialBackups(folder)) say(`Removed an unfinished backup: ${left}`);
    objects.clearIncoming();
    const earlier = finishedBackups(folder).at(-1);
    const known = new Map(earlier ? readManifest(join(folder, earlier)).objects.map((o) => [o.key, o]) : []);
    mkdirSync(partial);

    const dialect = source.databaseUrl ? "postgresql" : "sqlite";
    const database = join(partial, dialect === "sqlite" ? "stemma.db" : "stemma.dump");
    const tables = source.databaseUrl
      ? await dumpPostgres(source.databaseUrl, database)
      : await snapshotSqlite(source.dataDir, database);
    say(`Database: ${tables.length} tables, ${statSync(database).size} bytes`);
    writeFileSync(join(partial, "jwt-secret"), source.jwtSecret, { mode: 0o600 });
    chmodSync(join(partial, "jwt-secret"), 0o600);

    const copied = new Set<string>();
    const gone: string[] = [];
    const listed = await source.listMedia();
    const entries = await copyObjects(listed, known, objects, source.store, copied, gone);
    const copiedBytes = entries.filter((entry) => copied.has(entry.key)).reduce((sum, entry) => sum + entry.size, 0);
    say(
      `Media: ${entries.length} objects, ${copied.size} copied (${copiedBytes} bytes), ${entries.length - copied.size} already held`,
    );

    const manifest: Manifest = {
      format: 1,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      database: { dialect, file: basename(database), size: statSync(database).size, sha256: await fileSha256(database) },
      tables,
      objects: entries,
      copiedBytes,
    };
    writeFileSync(join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
    const mismatches = await verifyWritten(partial, manifest, objects, copied);
    if (mismatches.length) throw new BackupRefused(`Verification failed:\n  ${mismatches.join("\n  ")}`);
    renameSync(partial, join(folder, name));
    say(`Verified: the database file and ${entries.length} objects match the manifest (${copied.size} re-read)`);
    const removedBackups = options.keep ? removeOldBackups(folder, options.keep, objects) : [];
    return { name, path: join(folder, name), manifest, gone, removedBackups };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    objects.clearIncoming();
    throw error;
  } finally {
    release();
  }
}

/**
 * Each listed object into the store, unless the latest earlier backup names the same key with the same size and
 * the store still holds its digest: keys are never rewritten, so the object is the one already hashed.
 */
async function copyObjects(
  listed: Array<{ key: string; size: number }>,
  known: Map<string, ManifestObject>,
  objects: ObjectStore,
  store: FileStore,
  copied: Set<string>,
  gone: string[],
): Promise<ManifestObject[]> {
  const entries: ManifestObject[] = [];
  let next = 0;
  const worker = async () => {
    while (next < listed.length) {
      const { key, size } = listed[next++] as { key: string; size: number };
      const before = known.get(key);
      if (before && before.size === size && objects.sizeOf(before.sha256) === size) {
        entries.push(before);
        continue;
      }
      const stream = await store.stream(key);
      if (!stream) {
        gone.push(key);
        continue;
      }
      entries.push({ key, ...(await objects.add(stream)) });
      copied.add(key);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return entries.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/**
 * What this run wrote, against the manifest: the database file's SHA-256, every object copied now read back and
 * hashed, and every object named from earlier backups present with its size (re-reading a whole library every
 * night would make a nightly backup take hours; restore reads everything).
 */
async function verifyWritten(backup: string, manifest: Manifest, objects: ObjectStore, copied: Set<string>): Promise<string[]> {
  const mismatches: string[] = [];
  if ((await fileSha256(join(backup, manifest.database.file))) !== manifest.database.sha256) {
    mismatches.push("the database snapshot's SHA-256 differs from the manifest's");
  }
  for (const object of manifest.objects) {
    const size = objects.sizeOf(object.sha256);
    if (size !== object.size) mismatches.push(`media ${object.key}: ${size ?? "no"} bytes stored, ${object.size} expected`);
    else if (copied.has(object.key) && (await fileSha256(objects.pathOf(object.sha256))) !== object.sha256) {
      mismatches.push(`media ${object.key}: SHA-256 differs from the manifest's`);
    }
  }
  return mismatches;
}

/** Keeps the newest `keep` finished backups and the objects they name. */
function removeOldBackups(folder: string, keep: number, objects: ObjectStore): string[] {
  const finished = finishedBackups(folder);
  const removed = finished.slice(0, Math.max(0, finished.length - keep));
  for (const name of removed) rmSync(join(folder, name), { recursive: true, force: true });
  const named = new Set(finishedBackups(folder).flatMap((name) => readManifest(join(folder, name)).objects.map((o) => o.sha256)));
  objects.prune(named);
  return removed;
}
