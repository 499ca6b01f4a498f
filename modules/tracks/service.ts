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
export { incrementDownloads, incrementPlays } from "./counters";
export { trackKeys } from "./keys";
export { coverVariantKey, listStemsOf, requireStemOf } from "./media-keys";
export { type TrackView, trackView } from "./view";

export function getTrack(id: string, viewer: Viewer | null) {
  return trackView(findViewableTrack(id, viewer), viewer);
}

/**
 * The version and counters of a page everyone may see (public, active), or null: a page only some
 * viewers may see is never cached. The version changes with everything the page shows but the counters
 * (migration 0004's triggers); the counters are filled in as the page is served.
 */
export function publicPageState(id: string): { version: number; plays: number; downloads: number } | null {
  const row = tracksRepo.pageState(id);
  if (!row?.isPublic || row.status !== "ACTIVE") return null;
  return { version: row.version, plays: row.plays, downloads: row.downloads };
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
