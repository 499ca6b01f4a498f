import { FILES_IN_FLIGHT_MAX_SECONDS } from "../../../modules/track-files/service";
import type { Config } from "../config";
import { periodicSweep } from "./sweep";

/**
 * The periodic sweeps `config` asks for, started only in processes that run jobs (main.ts, STEMMA_ROLE all or worker):
 * - `conversions.expire` deletes WAV/FLAC derivatives past CONVERSION_TTL_SECONDS (modules/conversions);
 * - `tracks.purge` deletes the files of tracks past DELETION_GRACE_SECONDS (modules/track-files/purge.ts);
 * - `accounts.purge` frees the usernames and addresses of accounts deleted past DELETION_GRACE_SECONDS (modules/auth/service.ts);
 * - `tracks.files-in-flight` deletes the unnamed files of changes a crash cut short (modules/track-files/in-flight.ts);
 * - `account.expire-exports` deletes account exports past EXPORT_TTL_SECONDS, zip and row (modules/exports);
 * - `uploads.expire` deletes resumable uploads past UPLOAD_EXPIRY_HOURS, bytes and row (modules/resumable-uploads);
 * - `backups.due`, with BACKUP_DIR set, backs up once BACKUP_INTERVAL_HOURS have passed since the last backup
 *   (modules/backups): checked hourly, so once per slot across the cluster like every sweep.
 */
export const sweepsOf = (config: Config) => [
  periodicSweep("conversions.expire", config.conversionTtlSeconds),
  periodicSweep("tracks.purge", config.deletionGraceSeconds),
  periodicSweep("tracks.files-in-flight", FILES_IN_FLIGHT_MAX_SECONDS),
  periodicSweep("accounts.purge", config.deletionGraceSeconds),
  periodicSweep("account.expire-exports", config.exportTtlSeconds),
  periodicSweep("uploads.expire", config.uploadExpirySeconds),
  ...(config.backups ? [periodicSweep("backups.due", config.backups.intervalHours * 3600)] : []),
];
