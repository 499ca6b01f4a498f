import { join } from "node:path";
import { config } from "../config";
import { createLocalStore } from "./local-store";
import { checkS3Bucket, createS3Store } from "./s3-store";

export type { StoredFile } from "./file-store";

/**
 * The media store every module uses; no other code touches media. An S3-compatible bucket when
 * S3_BUCKET is set, else DATA_DIR/media.
 */
const localStore = config.s3 ? null : createLocalStore(join(config.dataDir, "media"));
export const fileStore = localStore ?? createS3Store(config.s3 as NonNullable<typeof config.s3>);

/**
 * Boot: a misconfigured bucket stops the server with a clear message instead of failing every upload; on local disk
 * the writes a crash cut short are removed (a bucket never shows a partial object).
 */
export async function prepareFileStore(): Promise<void> {
  if (config.s3) await checkS3Bucket(config.s3);
  localStore?.sweepPartialWrites();
}
