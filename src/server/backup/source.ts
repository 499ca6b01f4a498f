import { bucketObjects, localMedia } from "../../../scripts/lib/migrate/media";
import { config } from "../config";
import { fileStore } from "../store";
import type { BackupSource } from "./run";

/**
 * The install this process's settings name: its database, JWT secret and media store. Objects are listed as
 * migrate-to lists them: DATA_DIR/media on disk, or the bucket (the app's FileStore never lists).
 */
export function serverBackupSource(): BackupSource {
  const s3 = config.s3;
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    store: fileStore,
    listMedia: async () =>
      s3
        ? [...(await bucketObjects(s3))].map(([key, size]) => ({ key, size }))
        : localMedia(config.dataDir).files.map(({ key, size }) => ({ key, size })),
  };
}
