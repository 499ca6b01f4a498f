import { config } from "../../src/server/config";
import { log } from "../../src/server/logger";
import { periodicSweep } from "../../src/server/sweep";
import { deleteTrackConversions } from "../conversions/service";
import { tracksRepo } from "./repo";
import { deleteUnsharedFiles } from "./shared-files";

/**
 * Job `tracks.purge`: tracks PENDING_DELETION for longer than DELETION_GRACE_SECONDS lose their files
 * (conversions included; files a fork or an original still uses stay) and become DELETED. The row stays, so the admin's
 * Deleted Tracks list still shows it and forks keep their history. Files go before the status changes:
 * a purge cut short runs again on the next sweep.
 */
export async function purgeDeletedTracks(): Promise<void> {
  const cutoff = new Date(Date.now() - config.deletionGraceSeconds * 1000);
  for (const trackId of tracksRepo.pendingDeletionBefore(cutoff)) {
    const track = tracksRepo.findById(trackId);
    if (!track) continue;
    await deleteTrackConversions(trackId);
    await deleteUnsharedFiles(track);
    tracksRepo.markDeleted(trackId);
    log.info("track purged", { trackId });
  }
}

/** Enqueues the purge a few times per grace period (src/server/sweep.ts). */
export const purgeSweep = periodicSweep("tracks.purge", config.deletionGraceSeconds);
