import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { S3Client } from "bun";
import type { TestCluster } from "./cluster";
import { bucketKeys, s3Credentials } from "./s3-server";
import type { TestServer } from "./server";

/**
 * The media a test server stored, wherever its FileStore keeps them: DATA_DIR/media on one server, the bucket on a
 * cluster (tests/support/cluster.ts). Keys are the store's own ("tracks/<id>/full.mp3"), so a test reads the same
 * thing in both runs of the API suite.
 */
const bucketOf = (server: TestServer) => ("s3" in server ? (server as TestCluster).s3 : null);

/** Every stored key under `prefix`, sorted. */
export async function storedKeys(server: TestServer, prefix = ""): Promise<string[]> {
  const s3 = bucketOf(server);
  if (s3) return bucketKeys(s3, prefix);
  const root = join(server.dataDir, "media");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((key) => key.startsWith(prefix))
    .sort();
}

/** The bytes stored under `key`, or null when nothing is. */
export async function storedBytes(server: TestServer, key: string): Promise<Uint8Array | null> {
  const s3 = bucketOf(server);
  const file = s3
    ? new S3Client({ ...s3Credentials(s3), bucket: s3.bucket }).file(key)
    : Bun.file(join(server.dataDir, "media", key));
  return (await file.exists()) ? new Uint8Array(await file.arrayBuffer()) : null;
}
