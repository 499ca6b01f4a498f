import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { S3Client } from "bun";
import type { S3Config } from "../config";
import { assertKey, type FileStore } from "../store/file-store";

export interface MediaFile {
  key: string;
  path: string;
  size: number;
}

/** A write in progress of the local store (under `.partial/`), or one of a version that wrote `name.tmp-<uuid>`. */
const IN_FLIGHT = /^\.partial\/|\.tmp-[0-9a-f-]{36}$/;

/** Every stored file under DATA_DIR/media, keyed as the FileStore keys it; names that are no key are listed apart. */
export function localMedia(dataDir: string): { files: MediaFile[]; ignored: string[] } {
  const root = join(dataDir, "media");
  const files: MediaFile[] = [];
  const ignored: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${key}/`);
      else if (!entry.isFile() || IN_FLIGHT.test(key)) ignored.push(key);
      else {
        try {
          assertKey(key);
          files.push({ key, path: join(dir, entry.name), size: statSync(join(dir, entry.name)).size });
        } catch {
          ignored.push(key);
        }
      }
    }
  };
  if (existsSync(root)) walk(root, "");
  return { files: files.sort((a, b) => (a.key < b.key ? -1 : 1)), ignored };
}

/**
 * Every object in the bucket with its size. Listing is not part of the app's FileStore (the app never
 * lists), so it is asked of the bucket directly, read-only.
 */
export async function bucketObjects(storage: S3Config): Promise<Map<string, number>> {
  const client = new S3Client({ ...storage });
  const objects = new Map<string, number>();
  let continuationToken: string | undefined;
  do {
    const page = await client.list({ continuationToken });
    for (const object of page.contents ?? []) objects.set(object.key, object.size ?? 0);
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
  return objects;
}

/** Objects that are not this install's: keys it does not have, or the same key with another size. */
export function foreignObjects(files: MediaFile[], objects: Map<string, number>, limit = 5): string[] {
  const local = new Map(files.map((file) => [file.key, file.size]));
  const found: string[] = [];
  for (const [key, size] of objects) {
    const expected = local.get(key);
    if (expected === undefined) found.push(`s3 object ${key} is not in DATA_DIR/media`);
    else if (expected !== size) found.push(`s3 object ${key} has ${size} bytes, the local file ${expected}`);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * Uploads through the app's FileStore each file the bucket lacks (`present`: its listing). `put` (not `putFile`, which moves)
 * leaves the source file in place; an object is visible only once whole, so a present key with the
 * right size was finished by an earlier run. Returns the number uploaded.
 */
export async function uploadMissing(
  store: FileStore,
  files: MediaFile[],
  present: Map<string, number>,
  onProgress: (done: number) => void,
): Promise<number> {
  let uploaded = 0;
  let done = 0;
  await inParallel(files, async (file) => {
    if (present.get(file.key) !== file.size) {
      await store.put(file.key, Bun.file(file.path));
      uploaded++;
    }
    onProgress(++done);
  });
  return uploaded;
}

/** Requests in flight at once: enough to hide a remote bucket's latency, few enough for small servers. */
const PARALLEL = 4;

/** `work` on every item, PARALLEL at a time (migrate-to's copy and restore's uploads and checks). */
export async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

async function sha256(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of stream) hasher.update(chunk);
  return hasher.digest("hex");
}

/** Reads every object back through the FileStore and compares its SHA-256 with the local file's. */
export async function verifyMedia(store: FileStore, files: MediaFile[]): Promise<string[]> {
  const mismatches: string[] = [];
  await inParallel(files, async (file) => {
    const stream = await store.stream(file.key);
    if (!stream) {
      mismatches.push(`media ${file.key}: missing from the bucket`);
      return;
    }
    const [local, remote] = await Promise.all([sha256(Bun.file(file.path).stream()), sha256(stream)]);
    if (local !== remote) mismatches.push(`media ${file.key}: SHA-256 ${remote} in the bucket, ${local} locally`);
  });
  return mismatches.sort();
}
