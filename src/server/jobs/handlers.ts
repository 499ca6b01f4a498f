import { purgeDeletedAccounts } from "../../../modules/auth/service";
import { runBackupNow, runDueBackup } from "../../../modules/backups/service";
import { expireConversions, runConversion } from "../../../modules/conversions/service";
import { makePreviewImage } from "../../../modules/embeds/service";
import { expireExports, runExport } from "../../../modules/exports/service";
import { notifyFollowersOfNewTrack } from "../../../modules/follows/service";
import { expireUploads } from "../../../modules/resumable-uploads/service";
import { regenerateMix } from "../../../modules/studio/service";
import { purgeDeletedTracks, sweepFilesInFlight } from "../../../modules/track-files/service";
import { measurePendingLoudness, processTrack } from "../../../modules/uploads/service";
import type { JobHandlers } from "./definitions";
import { handlePing } from "./ping";

/** Binds every job of `definitions.ts` to the module function that runs it. */
export const jobHandlers: JobHandlers = {
  "system.ping": handlePing,
  "track.process": ({ trackId }, signal) => processTrack(trackId, signal),
  "tracks.measure-loudness": (_payload, signal) => measurePendingLoudness(signal),
  "track.regenerate": ({ trackId }, signal) => regenerateMix(trackId, signal),
  "follows.new-track": ({ trackId }) => notifyFollowersOfNewTrack(trackId),
  "embeds.preview-image": ({ trackId }, signal) => makePreviewImage(trackId, signal),
  "conversions.convert": ({ conversionId }, signal) => runConversion(conversionId, signal),
  "conversions.expire": () => expireConversions(),
  "tracks.purge": () => purgeDeletedTracks(),
  "tracks.files-in-flight": () => sweepFilesInFlight(),
  "accounts.purge": () => purgeDeletedAccounts(),
  "account.export": ({ exportId }, signal) => runExport(exportId, signal),
  "account.expire-exports": () => expireExports(),
  "uploads.expire": () => expireUploads(),
  "backups.due": () => runDueBackup(),
  "backups.now": () => runBackupNow("MANUAL"),
};
