import { config } from "../config";
import { periodicSweep } from "../sweep";

/**
 * The periodic sweeps, started only in processes that run jobs (main.ts, STEMMA_ROLE all or worker):
 * - `conversions.expire` deletes WAV/FLAC derivatives past CONVERSION_TTL_SECONDS (modules/conversions);
 * - `tracks.purge` deletes the files of tracks past DELETION_GRACE_SECONDS (modules/tracks/purge.ts).
 */
export const sweeps = [
  periodicSweep("conversions.expire", config.conversionTtlSeconds),
  periodicSweep("tracks.purge", config.deletionGraceSeconds),
];
