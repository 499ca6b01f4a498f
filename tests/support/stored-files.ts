import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { S3Client } from "bun";
import { bucketSizes, s3Credentials } from "./s3-server";
import { clusterOf, processesOf, type TestServer } from "./server";

/**
 * The media a test server stored, wherever its FileStore keeps them: DATA_DIR/media on one server, the bucket on a
 * cluster (tests/support/cluster.ts). Keys are the store's own ("tracks/<id>/full.mp3"), so a test reads the same
 * thing in both runs of the API suite. And what its processes left in their staging folders (scratch on local disk).
 */
/** Every file under `root`, as paths relative to it; one that goes while the folder is read is left out. */
function filesUnder(root: string): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(root)) return sizes;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    if (size !== undefined) sizes.set(relative(root, path), size);
  }
  return sizes;
}

/** Every stored key under `prefix` → its size in bytes. */
export async function storedSizes(server: TestServer, prefix = ""): Promise<Map<string, number>> {
  const cluster = clusterOf(server);
  if (cluster) return bucketSizes(cluster.s3, prefix);
  return new Map([...filesUnder(join(server.dataDir, "media"))].filter(([key]) => key.startsWith(prefix)));
}

/** Every stored key under `prefix`, sorted. */
export async function storedKeys(server: TestServer, prefix = ""): Promise<string[]> {
  return [...(await storedSizes(server, prefix)).keys()].sort();
}

/** The stored file under `key`, in the server's FileStore. */
function storedFile(server: TestServer, key: string) {
  const cluster = clusterOf(server);
  return cluster
    ? new S3Client({ ...s3Credentials(cluster.s3), bucket: cluster.s3.bucket }).file(key)
    : Bun.file(join(server.dataDir, "media", key));
}

/** The bytes stored under `key`, or null when nothing is. */
export async function storedBytes(server: TestServer, key: string): Promise<Uint8Array | null> {
  const file = storedFile(server, key);
  return (await file.exists()) ? new Uint8Array(await file.arrayBuffer()) : null;
}

/** Stores `bytes` under `key` behind the server's back (a test breaking its data on purpose), or removes it with null. */
export async function replaceStored(server: TestServer, key: string, bytes: Uint8Array | null): Promise<void> {
  const file = storedFile(server, key);
  if (bytes) await file.write(bytes);
  else await file.delete();
}

/**
 * The staging folders (DATA_DIR/staging, where uploads and ffmpeg outputs wait before the store): the server's, or
 * each cluster process's, both API instances' first and the workers' last.
 */
export function stagingFolders(server: TestServer): string[] {
  return processesOf(server).map((member) => join(member.dataDir, "staging"));
}

/** Every file now in a staging folder, as a path relative to its folder. */
export function stagedFiles(server: TestServer): string[] {
  return stagingFolders(server).flatMap((folder) => [...filesUnder(folder).keys()]);
}
