import { join } from "node:path";
import { config } from "../config";
import { createLocalStore } from "./local-store";
import { checkS3Bucket, createS3Store } from "./s3-store";

export type { StoredFile } from "./file-store";

/**
 * The media store every module uses; no other code touches media. An S3-compatible bucket when
 * S3_BUCKET is set, else DATA_DIR/media.
 */
export const fileStore = config.s3 ? createS3Store(config.s3) : createLocalStore(join(config.dataDir, "media"));

/** Boot: a misconfigured bucket stops the server with a clear message instead of failing every upload. */
export async function checkFileStore(): Promise<void> {
  if (config.s3) await checkS3Bucket(config.s3);
}
