import { join } from "node:path";
import type { Config } from "../config";
import { runtime } from "../runtime";
import type { FileStore } from "./file-store";
import { createLocalStore } from "./local-store";
import { checkS3Bucket, createS3Store } from "./s3-store";

export type { FileStore, StoredFile } from "./file-store";

/** The media store the settings name: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function openFileStore(config: Config): FileStore {
  return config.s3 ? createS3Store(config.s3) : createLocalStore(join(config.dataDir, "media"));
}

/** The media store every module uses (the installed runtime's); no other code touches media. */
export const fileStore = (): FileStore => runtime().fileStore;

/**
 * Boot: a misconfigured bucket stops the server with a clear message instead of failing every upload; on local disk
 * the writes a crash cut short are removed (a bucket never shows a partial object).
 */
export async function prepareFileStore(): Promise<void> {
  const { config, fileStore } = runtime();
  if (config.s3) await checkS3Bucket(config.s3);
  if ("sweepPartialWrites" in fileStore) (fileStore as ReturnType<typeof createLocalStore>).sweepPartialWrites();
}
