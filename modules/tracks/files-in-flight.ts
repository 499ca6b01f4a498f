import { inArray, lt } from "drizzle-orm";
import { config } from "../../src/server/config";
import { db } from "../../src/server/db";
import { log } from "../../src/server/logger";
import { filesInFlight } from "./schema";
import { releaseFiles } from "./shared-files";

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
  if (rows.length) await db.insert(filesInFlight).values(rows);
  try {
    await change();
  } finally {
    await settle(rows);
  }
}

/** Deletes the files of `rows` that no live row names, then the records (a sweep cut short runs again). */
async function settle(rows: Array<{ id: string; key: string }>): Promise<void> {
  if (!rows.length) return;
  await releaseFiles(rows.map((row) => row.key));
  await db.delete(filesInFlight).where(
    inArray(
      filesInFlight.id,
      rows.map((row) => row.id),
    ),
  );
}

/**
 * Settles the records of changes cut short. At boot of the embedded deployment every record is
 * abandoned (one process owns the data, and none of its changes has started yet); with PostgreSQL other
 * processes may be mid-change, so only records older than FILES_IN_FLIGHT_MAX_SECONDS go. Run at boot
 * and by the `tracks.purge` sweep.
 */
export async function sweepFilesInFlight(atBoot = false): Promise<void> {
  const everything = atBoot && !config.databaseUrl;
  const cutoff = new Date(Date.now() - FILES_IN_FLIGHT_MAX_SECONDS * 1000);
  const rows = await db
    .select({ id: filesInFlight.id, key: filesInFlight.key })
    .from(filesInFlight)
    .where(everything ? undefined : lt(filesInFlight.createdAt, cutoff));
  await settle(rows);
  if (rows.length) log.info("files of interrupted changes settled", { keys: rows.length });
}
