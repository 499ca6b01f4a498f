import { config } from "../../src/server/config";
import { extensionPoint } from "../../src/server/extension-point";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { trackKeys } from "./keys";
import { tracksRepo } from "./repo";

/** Provided by modules/conversions (built on tracks): drops its rows and files of a track being purged. */
export const beforePurge = extensionPoint<(trackId: string) => Promise<void>>("tracks: before purge");

/**
 * Job `tracks.purge`: tracks PENDING_DELETION for longer than DELETION_GRACE_SECONDS lose their files
 * (the whole media folder, conversions included) and become DELETED. The row stays, so the admin's
 * Deleted Tracks list still shows it and forks keep their history. Files go before the status changes:
 * a purge cut short runs again on the next sweep.
 */
export async function purgeDeletedTracks(): Promise<void> {
  const cutoff = new Date(Date.now() - config.deletionGraceSeconds * 1000);
  for (const trackId of tracksRepo.pendingDeletionBefore(cutoff)) {
    await beforePurge.get()(trackId);
    await fileStore.deletePrefix(trackKeys.folder(trackId));
    tracksRepo.markDeleted(trackId);
    log.info("track purged", { trackId });
  }
}
