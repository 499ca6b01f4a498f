import { config } from "../../src/server/config";
import { extensionPoint } from "../../src/server/extension-point";
import { log } from "../../src/server/logger";
import { tracksRepo } from "./repo";
import { deleteUnsharedFiles } from "./shared-files";

/** Provided by modules/conversions (built on tracks): drops its rows and files of a track being purged. */
export const beforePurge = extensionPoint<(trackId: string) => Promise<void>>("tracks: before purge");

/**
 * Job `tracks.purge`: tracks PENDING_DELETION for longer than DELETION_GRACE_SECONDS lose their files
 * (conversions included; files a fork or an original still uses stay) and become DELETED. The row stays, so the admin's
 * Deleted Tracks list still shows it and forks keep their history. Files go before the status changes:
 * a purge cut short runs again on the next sweep.
 */
export async function purgeDeletedTracks(): Promise<void> {
  const cutoff = new Date(Date.now() - config.deletionGraceSeconds * 1000);
  for (const trackId of await tracksRepo.pendingDeletionBefore(cutoff)) {
    const track = await tracksRepo.findById(trackId);
    if (!track) continue;
    await beforePurge.get()(trackId);
    await deleteUnsharedFiles(track);
    await tracksRepo.markDeleted(trackId);
    log.info("track purged", { trackId });
  }
}
