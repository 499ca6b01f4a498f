import type { Executor } from "../../src/server/db/transaction";
import { badRequest } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import { usernamesOf, type Viewer } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import { findOwnedTrack, findViewableTrack } from "./access";
import { checkForkLicense } from "./fork-license";
import type { TrackDetails } from "./model";
import { tracksRepo } from "./repo";
import type { Track } from "./schema";
import { parseTrackInfo } from "./upload-input";
import { trackView } from "./view";

/**
 * The tracks module's public surface: the only file other modules import (tests/architecture checks
 * it). Tracks own the tracks, stems, track_waveforms and track_shares tables; the repos of studio, forks,
 * lists and track-files query them through schema.ts in their own transactions, and every other module goes
 * through what is exported here (docs/architecture.md).
 */
export { canView, findViewableTrack, requireStemOf } from "./access";
/** For JSON other modules make of tracks' rows (search's stems), kept under the tracks' page versions. */
export { keptJson } from "./kept-json";
export { trackListJsonOf } from "./kept-list-items";
export { COVER_SIZE_NAMES, type CoverSize, coverVariantKey, derivativeKey, storedBy, trackKeys } from "./keys";
/**
 * For the repos of modules that write tracks rows in their own transactions (studio changes, forks): the quota
 * check a charge runs first, and the waveform written with its preview.
 */
export { type Admit, saveWaveformIn } from "./repo";
export type { ListedTrack, OwnedTrack, Stem, Track } from "./schema";
export { extensionFormat, isStemFormat, parseUploadInput, type UploadData } from "./upload-input";
export { downloadStates } from "./view";

/** Rows without an access check, for the modules that make a track's files (uploads) or derive from them. */
export const {
  findById: findTrack,
  insertWithinQuota: insertTrackWithinQuota,
  remove: removeTrack,
  update: updateTrack,
  updateStem,
  pendingIds: pendingTrackIds,
  findStemOf,
  listStemsOf,
  waveformOf,
  incrementPlays,
  incrementDownloads,
  usedQuotaSeconds,
  activeTrackCount,
  publicCountsOf,
  pageVersionsOf: trackPageVersionsOf,
  // An account export's inventory (modules/exports): the owner's tracks, whom each is shared with, and what others shared.
  listOwnedBy: tracksOwnedBy,
  sharesOf: sharedUserIdsOf,
  sharedWith: tracksSharedWith,
} = tracksRepo;

export async function getTrack(id: string, viewer: Viewer | null): Promise<TrackDetails> {
  return trackView(await findViewableTrack(id, viewer), viewer);
}

/** What a kept public page of a track depends on (src/server/public-pages.ts). */
export interface PublicPageState {
  version: number;
  plays: number;
  downloads: number;
  /** The one viewer whose Track JSON differs (it lists whom the track is shared with). */
  ownerId: string;
  /** The track it was forked from: a fork's page names its ancestors (forks' lineagePageVersion). */
  parentId: string | null;
}

/**
 * The version and counters of a page everyone may see (public, active), or null: a page only some
 * viewers may see is never cached. The version changes with everything the page shows but the counters
 * (migration 0004's triggers); the counters are filled in as the page is served.
 */
export async function publicPageState(id: string): Promise<PublicPageState | null> {
  const row = await tracksRepo.pageState(id);
  if (!row?.isPublic || row.status !== "ACTIVE") return null;
  return { version: row.version, plays: row.plays, downloads: row.downloads, ownerId: row.ownerId, parentId: row.parentId };
}

/** A track's page version and the track it was forked from, whoever may see it; null when there is no such row. */
export async function pageVersionOf(id: string): Promise<{ version: number; parentId: string | null } | null> {
  const row = await tracksRepo.pageState(id);
  return row ? { version: row.version, parentId: row.parentId } : null;
}

/**
 * PATCH /api/track/{id}: the body is the whole Track Info form, checked by its schema (types and
 * lengths) and then the upload's rules. Optional fields left out are cleared (the client sends the release date only
 * when one is set, so leaving it out removes it); the two flags left out keep their current value, so a
 * client that does not send isPublic can never publish a private track by accident. Access comes first:
 * others get 404, not 400.
 */
export async function editTrack(id: string, viewer: Viewer, body: unknown): Promise<TrackDetails> {
  const track = await findOwnedTrack(id, viewer);
  const info = await parseTrackInfo(body, { isExplicit: track.isExplicit, isPublic: track.isPublic });
  await checkForkLicense(track, info.licenseId);
  await tracksRepo.update(track.id, info);
  return trackView((await tracksRepo.findById(track.id)) as Track, viewer);
}

export async function setVisibility(id: string, viewer: Viewer, isPublic: boolean): Promise<TrackDetails> {
  const track = await findOwnedTrack(id, viewer);
  await tracksRepo.update(track.id, { isPublic });
  return trackView((await tracksRepo.findById(track.id)) as Track, viewer);
}

/**
 * Shares with existing users other than the owner; unknown ids are a 400 so typos do not pass silently.
 * Each user newly added is told once; sharing again with someone already on the list tells nobody.
 */
export async function share(id: string, viewer: Viewer, userIds: string[]): Promise<TrackDetails["sharedWith"]> {
  const track = await findOwnedTrack(id, viewer);
  const wanted = [...new Set(userIds)].filter((userId) => userId !== track.userId);
  const known = await usernamesOf(wanted);
  if (wanted.some((userId) => !known.has(userId))) throw badRequest("Only known users can be shared with");
  const added = await tracksRepo.share(track.id, wanted);
  if (added.length)
    await notifyUsers(added, {
      title: "Track shared with you",
      message: `${viewer.username} shared "${track.title}" with you.`,
      type: "info",
      link: `/track/${track.id}`,
    });
  return (await trackView(track, viewer)).sharedWith;
}

export async function unshare(id: string, viewer: Viewer, userIds: string[]): Promise<TrackDetails["sharedWith"]> {
  const track = await findOwnedTrack(id, viewer);
  await tracksRepo.unshare(track.id, userIds);
  return (await trackView(track, viewer)).sharedWith;
}

/**
 * DELETE /tracks: moves the caller's own active tracks to PENDING_DELETION and answers which ids moved.
 * Ids of other users' (or unknown, or already deleted) tracks are left alone and simply not listed, so a
 * mixed request never touches someone else's track nor reveals which ids exist. Admins may delete any
 * active track (moderation), as they may edit any through findOwnedTrack.
 */
export async function deleteTracks(viewer: Viewer, trackIds: string[]): Promise<{ deletedIds: string[] }> {
  const unique = [...new Set(trackIds)];
  const deletedIds = await tracksRepo.markPendingDeletion(unique, viewer.role === "ADMIN" ? null : viewer.id);
  log.info("tracks moved to pending deletion", { userId: viewer.id, requested: unique.length, deleted: deletedIds.length });
  return { deletedIds };
}

/**
 * The user deleted their account (inside its transaction): their tracks enter PENDING_DELETION like any deleted
 * track (forks others made keep their shared files, see modules/track-files), and tracks others shared with them
 * are shared with them no longer.
 */
export function leaveWithAccount(userId: string, executor: Executor): Promise<void> {
  return tracksRepo.leave(userId, new Date(), executor);
}
