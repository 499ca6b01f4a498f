import { Database } from "bun:sqlite";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { BackupRefused, finishedBackups, type Manifest, readManifest } from "../../../src/server/backup/folder";
import { fileSha256, objectStore } from "../../../src/server/backup/objects";
import { summariseTables, tableMismatches } from "../../../src/server/backup/tables";
import { assertKey } from "../../../src/server/store/file-store";

const WRONG_TARGET = {
  sqlite:
    "is a backup of a PostgreSQL install: restore it into an empty database and bucket (npm run restore -- <backup> <database url> s3://<bucket>)",
  postgresql:
    "is a backup of an embedded install (SQLite): restore it into an empty DATA_DIR, then move it with npm run migrate-to",
};

/**
 * A finished backup (a folder with a manifest) or a backups folder (its newest finished backup), whose database
 * is of the `dialect` the target takes.
 */
export function openBackup(given: string, dialect: Manifest["database"]["dialect"]) {
  let backup = given;
  if (!existsSync(join(given, "manifest.json"))) {
    const newest = finishedBackups(given).at(-1);
    if (!newest) throw new BackupRefused(`${given} is neither a backup nor a folder holding finished backups`);
    backup = join(given, newest);
  }
  const manifest = readManifest(backup);
  if (manifest.format !== 1) throw new BackupRefused(`${backup} is a backup of an unknown format (${manifest.format})`);
  if (manifest.database.dialect !== dialect) throw new BackupRefused(`${backup} ${WRONG_TARGET[dialect]}`);
  return { backup, folder: dirname(backup), manifest };
}

/**
 * Writes the backup into an empty DATA_DIR: the database, the JWT secret, every object under media/<key>. Then
 * checks what it wrote as migrate-to does: row counts and per-table SHA-256 of the restored database, and the
 * SHA-256 of every restored file, each against the manifest. Returns the mismatches (none: restored).
 */
export async function restoreInto(
  given: string,
  dataDir: string,
  say: (line: string) => void,
): Promise<{ manifest: Manifest; mismatches: string[] }> {
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    throw new BackupRefused(`${dataDir} is not empty: restore only into an empty or new DATA_DIR`);
  }
  const { backup, folder, manifest } = openBackup(given, "sqlite");
  const objects = objectStore(folder);
  say(`Restoring ${backup} (${manifest.startedAt}) into ${dataDir}`);
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(join(backup, manifest.database.file), join(dataDir, "stemma.db"));
  copyFileSync(join(backup, "jwt-secret"), join(dataDir, "jwt-secret"));
  chmodSync(join(dataDir, "jwt-secret"), 0o600);
  const missing: string[] = [];
  for (const object of manifest.objects) {
    const stored = objects.pathOf(object.sha256);
    if (!existsSync(stored)) {
      missing.push(`media ${object.key}: missing from the backup's objects`);
      continue;
    }
    const path = join(dataDir, "media", assertKey(object.key));
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(stored, path);
  }
  say(`  database and ${manifest.objects.length - missing.length} of ${manifest.objects.length} objects written`);
  return { manifest, mismatches: [...missing, ...(await verifyRestored(dataDir, manifest))] };
}

async function verifyRestored(dataDir: string, manifest: Manifest): Promise<string[]> {
  const db = new Database(join(dataDir, "stemma.db"), { readonly: true });
  const tables = await summariseTables(db).finally(() => db.close());
  const mismatches = tableMismatches(manifest.tables, tables);
  for (const object of manifest.objects) {
    const path = join(dataDir, "media", object.key);
    if (existsSync(path) && (await fileSha256(path)) !== object.sha256) {
      mismatches.push(`media ${object.key}: SHA-256 differs from the manifest's (the backup's copy is damaged)`);
    }
  }
  return mismatches;
}
