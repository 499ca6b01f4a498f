import type { Config } from "../config";
import { bucketObjects, localMedia } from "../migrate/media";
import { type FileStore, openFileStore } from "../store";
import type { BackupSource } from "./run";

/**
 * The install `config` names: its database, JWT secret and media store (the running server's own, or one opened
 * for the backup script, which needs no database connection of its own). Objects are listed as migrate-to lists
 * them: DATA_DIR/media on disk, or the bucket (the app's FileStore never lists).
 */
export function serverBackupSource(config: Config, store: FileStore = openFileStore(config)): BackupSource {
  const { s3, dataDir } = config;
  return {
    dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    store,
    listMedia: async () =>
      s3
        ? [...(await bucketObjects(s3))].map(([key, size]) => ({ key, size }))
        : localMedia(dataDir).files.map(({ key, size }) => ({ key, size })),
  };
}
