import { config } from "../../src/server/config";
import { extensionPoint } from "../../src/server/extension-point";
import { log } from "../../src/server/logger";
import { findTrack } from "../tracks/service";
import { deleteUnsharedFiles } from "./file-use";
import { trackFilesRepo } from "./repo";

/** Provided by modules/conversions (built on track-files): drops its rows and files of a track being purged. */
export const beforePurge = extensionPoint<(trackId: string) => Promise<void>>("track-files: before purge");

/**
 * Job `tracks.purge`: tracks PENDING_DELETION for longer than DELETION_GRACE_SECONDS lose their files
 * (conversions included; files a fork or an original still uses stay) and become DELETED. The row stays, so the admin's
 * Deleted Tracks list still shows it and forks keep their history. Files go before the status changes:
 * a purge cut short runs again on the next sweep.
 */
export async function purgeDeletedTracks(): Promise<void> {
  const cutoff = new Date(Date.now() - config().deletionGraceSeconds * 1000);
  for (const trackId of await trackFilesRepo.pendingDeletionBefore(cutoff)) {
    const track = await findTrack(trackId);
    if (!track) continue;
    await beforePurge.get()(trackId);
    await deleteUnsharedFiles(track);
    await trackFilesRepo.markDeleted(trackId);
    log.info("track purged", { trackId });
  }
}
