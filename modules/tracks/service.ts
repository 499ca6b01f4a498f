import { badRequest } from "../../src/server/errors";
import { findUserById, type Viewer } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import { findOwnedTrack, findViewableTrack } from "./access";
import { tracksRepo } from "./repo";
import type { Track } from "./schema";
import { trackView } from "./view";

/**
 * What other modules use from tracks: the view builder, counters, stems and the storage keys of
 * every media file (media serving, conversions, plays). Access is always checked through access.ts.
 */
export { canView, findOwnedTrack, findViewableTrack } from "./access";
export { incrementDownloads, incrementPlays } from "./counters";
export { type ForkChoices, forksOf, insertForkWithinQuota } from "./fork-rows";
export { trackKeys } from "./keys";
export { coverVariantKey, listStemsOf, requireStemOf } from "./media-keys";
export { enqueueProcessing } from "./processing";
export { quotaGate } from "./quota";
export { releaseFiles } from "./shared-files";
export { changeWithinQuota, nextStemIndex, removeStemRow, renameStem, setTrackAudio } from "./studio-rows";
export { type Inspected, inspectStaged, stemMismatch } from "./upload";
export { type TrackView, trackView } from "./view";

export const findTrackRow = (id: string): Track | undefined => tracksRepo.findById(id);

export function getTrack(id: string, viewer: Viewer | null) {
  return trackView(findViewableTrack(id, viewer), viewer);
}

export function usedQuotaSeconds(userId: string): number {
  return tracksRepo.usedQuotaSeconds(userId);
}

export function setVisibility(id: string, viewer: Viewer, isPublic: boolean) {
  const track = findOwnedTrack(id, viewer);
  tracksRepo.update(track.id, { isPublic });
  return trackView(tracksRepo.findById(track.id) as Track, viewer);
}

/**
 * Shares with existing users other than the owner; unknown ids are a 400 so typos do not pass silently.
 * Each user newly added is told once; sharing again with someone already on the list tells nobody.
 */
export function share(id: string, viewer: Viewer, userIds: string[]) {
  const track = findOwnedTrack(id, viewer);
  const wanted = [...new Set(userIds)].filter((userId) => userId !== track.userId);
  if (wanted.some((userId) => !findUserById(userId))) throw badRequest("Only known users can be shared with");
  const added = tracksRepo.share(track.id, wanted);
  if (added.length)
    notifyUsers(added, {
      title: "Track shared with you",
      message: `${viewer.username} shared "${track.title}" with you.`,
      type: "info",
    });
  return trackView(track, viewer).sharedWith;
}

export function unshare(id: string, viewer: Viewer, userIds: string[]) {
  const track = findOwnedTrack(id, viewer);
  tracksRepo.unshare(track.id, userIds);
  return trackView(track, viewer).sharedWith;
}
