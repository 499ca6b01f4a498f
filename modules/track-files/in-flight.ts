import { config } from "../../src/server/config";
import { log } from "../../src/server/logger";
import { releaseFiles } from "./file-use";
import { type InFlight, trackFilesRepo } from "./repo";

/**
 * How long a change may hold its keys before the periodic sweep takes it for abandoned. The hold spans
 * storing one file (a 50 MB upload to a bucket at worst) and one transaction, so an hour is far beyond.
 */
export const FILES_IN_FLIGHT_MAX_SECONDS = 3600;

/**
 * Runs `change` (store the new file under `stored`, then point rows at it in a transaction) with every
 * key it touches recorded first, and afterwards lets go of the ones no live row names: the new file
 * when the change failed, the replaced files when it succeeded. A process killed in between leaves the
 * record, and `sweepFilesInFlight` settles it the same way, so no stored file is ever left unnamed.
 */
export async function withFilesInFlight(
  stored: string | null,
  replaced: Array<string | null>,
  change: () => Promise<void>,
): Promise<void> {
  const keys = [stored, ...replaced].filter((key): key is string => key !== null);
  const rows = keys.map((key) => ({ id: crypto.randomUUID(), key, createdAt: new Date() }));
  await trackFilesRepo.recordInFlight(rows);
  try {
    await change();
  } finally {
    await settle(rows);
  }
}

/** Deletes the files of `rows` that no live row names, then the records (a sweep cut short runs again). */
async function settle(rows: InFlight[]): Promise<void> {
  if (!rows.length) return;
  await releaseFiles(rows.map((row) => row.key));
  await trackFilesRepo.forgetInFlight(rows.map((row) => row.id));
}

/**
 * Settles the records of changes cut short. At boot of the embedded deployment every record is
 * abandoned (one process owns the data, and none of its changes has started yet); with PostgreSQL other
 * processes may be mid-change, so only records older than FILES_IN_FLIGHT_MAX_SECONDS go. Run at boot
 * and by the `tracks.files-in-flight` sweep.
 */
export async function sweepFilesInFlight(atBoot = false): Promise<void> {
  const everything = atBoot && !config().databaseUrl;
  const rows = await trackFilesRepo.inFlightBefore(everything ? null : new Date(Date.now() - FILES_IN_FLIGHT_MAX_SECONDS * 1000));
  await settle(rows);
  if (rows.length) log.info("files of interrupted changes settled", { keys: rows.length });
}
