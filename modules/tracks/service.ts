import { type Executor, transaction } from "../../src/server/db/transaction";
import { badRequest } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import { usernamesOf, type Viewer } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import { findOwnedTrack, findViewableTrack } from "./access";
import { checkForkLicense } from "./fork-license";
import type { TrackDetails } from "./model";
import { tracksRepo } from "./repo";
import type { NewStem, NewTrack, OwnedTrack, Stem, Track, TrackChange } from "./schema";
import { parseTrackInfo } from "./upload-input";
import { trackView } from "./view";

/**
 * The tracks module's public surface: the only file other modules import (tests/architecture checks
 * it). Tracks own the tracks, stems, track_waveforms and track_shares tables and are the only module that writes
 * them: the repos of studio, forks, lists, search and track-files may read them through schema.ts, and write
 * through the operations here, which take their transaction where they take part in it (docs/architecture.md).
 * Nothing here passes on a repo function: each operation is named for what it does and says whom it is for.
 */
export { canView, findViewableTrack, requireStemOf } from "./access";
/** For JSON other modules make of tracks' rows (search's stems), kept under the tracks' page versions. */
export { keptJson } from "./kept-json";
export { trackListJsonOf } from "./kept-list-items";
export { COVER_SIZE_NAMES, type CoverSize, coverVariantKey, derivativeKey, storedBy, trackKeys } from "./keys";
export type { NewStem, OwnedTrack, Stem, Track, TrackChange } from "./schema";
export {
  cleanText,
  extensionFormat,
  isStemFormat,
  parseUploadInput,
  releaseDateOf,
  type UploadData,
} from "./upload-input";
export { downloadStates, userLikes } from "./view";

/**
 * The quota check a charge runs first inside its transaction (modules/uploads quotaGate); it throws
 * (a 413) to refuse, and then nothing is written.
 */
export type Admit = (tx: Executor) => Promise<void>;

// What follows reads and writes rows without an access check: the callers checked access first, or make a
// track's files (uploads, studio, forks, track-files) or derive from them.

/** The whole row by id, or undefined (uploads, studio, forks, conversions, the purge). */
export function findTrack(id: string): Promise<Track | undefined> {
  return tracksRepo.findById(id);
}

/** What a follower is told of a new track (follows' notice): null unless everyone may see it (public, active). */
export async function publicHeadlineOf(
  id: string,
): Promise<{ id: string; title: string; ownerId: string; isFork: boolean } | null> {
  const track = await tracksRepo.findById(id);
  if (track?.status !== "ACTIVE" || !track.isPublic) return null;
  return { id: track.id, title: track.title, ownerId: track.userId, isFork: track.forkedFromId !== null };
}

/** A track's stem, or undefined when the track has no such stem (conversions). */
export function findStemOf(trackId: string, stemId: string): Promise<Stem | undefined> {
  return tracksRepo.findStemOf(trackId, stemId);
}

/** A track's stems in order (media's ZIP, forks, the files a track names in track-files). */
export function listStemsOf(trackId: string): Promise<Stem[]> {
  return tracksRepo.listStemsOf(trackId);
}

/** A track's full waveform, or null before its processing made one (forks: a fork carries its original's). */
export function waveformOf(trackId: string): Promise<number[] | null> {
  return tracksRepo.waveformOf(trackId);
}

/** Seconds charged to a user, their active tracks only (storage's quota reply; uploads' quota check, in its transaction). */
export function usedQuotaSeconds(userId: string, executor?: Executor): Promise<number> {
  return tracksRepo.usedQuotaSeconds(userId, executor);
}

/** How many active tracks a user has (the admin's Users screen). */
export function activeTrackCount(userId: string): Promise<number> {
  return tracksRepo.activeTrackCount(userId);
}

/** What an artist's page counts (profiles): their public active tracks, the forks among them, their plays. */
export function publicCountsOf(userId: string): Promise<{ tracks: number; forks: number; plays: number }> {
  return tracksRepo.publicCountsOf(userId);
}

/** The page versions of these tracks (search: whether a kept stem card is current). */
export function trackPageVersionsOf(ids: string[]): Promise<Map<string, number>> {
  return tracksRepo.pageVersionsOf(ids);
}

/** An account export's inventory (modules/exports): the owner's tracks not yet purged, oldest first. */
export function tracksOwnedBy(userId: string): Promise<OwnedTrack[]> {
  return tracksRepo.listOwnedBy(userId);
}

/** An account export's inventory: whom a track is shared with, first shared first. */
export function sharedUserIdsOf(trackId: string): Promise<string[]> {
  return tracksRepo.sharesOf(trackId);
}

/** An account export's inventory: the active tracks others shared with the user. */
export function tracksSharedWith(userId: string): Promise<{ trackId: string; title: string; ownerId: string; sharedAt: Date }[]> {
  return tracksRepo.sharedWith(userId);
}

/** The tracks whose processing had not ended, not deleted (uploads requeues them when the server starts). */
export function pendingTrackIds(): Promise<string[]> {
  return tracksRepo.pendingIds();
}

/**
 * A new upload (modules/uploads): the track, its waveform and its stems in one transaction, after `admit`
 * agrees; admit holds the owner's lock, so no other charge to them slips in between the check and the insert.
 */
export function insertTrackWithinQuota(
  track: NewTrack,
  waveformData: number[],
  stemRows: NewStem[],
  admit: Admit,
): Promise<Track> {
  return transaction(async (tx) => {
    await admit(tx);
    return tracksRepo.insertIn(tx, track, waveformData, stemRows);
  });
}

/** Removes a track row whose upload failed before anyone could see it (uploads). */
export function removeTrack(id: string): Promise<void> {
  return tracksRepo.remove(id);
}

/** Sets a track's columns (uploads' processing: its status, MP3 and cover art). */
export function updateTrack(id: string, columns: Partial<NewTrack>): Promise<void> {
  return tracksRepo.update(id, columns);
}

/** The regenerated mix becomes the track's audio, its waveform with it, in one transaction (studio). */
export function setTrackAudio(id: string, change: TrackChange): Promise<void> {
  return tracksRepo.change(id, change);
}

/** The next track whose loudness waits to be measured again (modules/uploads/loudness-backfill.ts), if any. */
export function nextLoudnessPending(): Promise<Track | undefined> {
  return tracksRepo.nextLoudnessPending();
}

/** Keeps a measurement of the track's audio while `originalKey` is still that audio. */
export function recordLoudness(id: string, originalKey: string, loudness: Pick<NewTrack, "loudnessLufs" | "truePeakDb">) {
  return tracksRepo.recordLoudness(id, originalKey, loudness);
}

/** Keeps a measurement of the stem's audio while `fileKey` is still that audio, and clears its pending mark. */
export function recordStemLoudness(id: string, fileKey: string, loudness: Pick<NewStem, "loudnessLufs" | "truePeakDb">) {
  return tracksRepo.recordStemLoudness(id, fileKey, loudness);
}

/** Sets a stem's columns (uploads' processing, studio's rename), in the caller's transaction when given one (a studio change). */
export function updateStem(id: string, values: Partial<NewStem>, executor?: Executor): Promise<void> {
  return tracksRepo.updateStem(id, values, executor);
}

/** One more play (modules/plays decides what counts), in its transaction when given one; the update time stays. */
export function incrementPlays(trackId: string, executor?: Executor): Promise<void> {
  return tracksRepo.incrementPlays(trackId, executor);
}

/**
 * A like added (+1) or withdrawn (-1) by modules/likes, in its transaction (the row's lock keeps likes at once exact);
 * answers the track's count. The update time stays.
 */
export function adjustLikeCount(trackId: string, delta: number, executor: Executor): Promise<number> {
  return tracksRepo.adjustLikeCount(trackId, delta, executor);
}

/** One more download (modules/media decides what counts); the update time stays. */
export function incrementDownloads(trackId: string): Promise<void> {
  return tracksRepo.incrementDownloads(trackId);
}

/** A studio change adds a stem (modules/studio), in its transaction under the track's lock. */
export function addStemIn(tx: Executor, stem: NewStem): Promise<void> {
  return tracksRepo.addStemIn(tx, stem);
}

/**
 * A studio change's track columns (modules/studio), in its transaction: the track goes back to PENDING so the
 * processing job makes what is new, and its charge moves by `addedSeconds` (modules/studio/charges.ts).
 */
export function reprocessIn(tx: Executor, trackId: string, change: TrackChange, addedSeconds: number): Promise<void> {
  return tracksRepo.reprocessIn(tx, trackId, change, addedSeconds);
}

/**
 * A studio removal (modules/studio), in its transaction: the stem goes and the track's charge drops by `refunded`
 * (never below 0); with `remix`, the track is PENDING with a stale mix until the mix is regenerated.
 */
export function removeStemIn(tx: Executor, trackId: string, stemId: string, refunded: number, remix: boolean): Promise<void> {
  return tracksRepo.removeStemIn(tx, trackId, stemId, refunded, remix);
}

/**
 * A fork (modules/forks), in its transaction after its quota check: the fork's track, waveform and stem rows
 * naming the original's files, and the original's forkCount + 1.
 */
export function insertForkIn(
  tx: Executor,
  fork: NewTrack & { forkedFromId: string },
  waveformData: number[] | null,
  stemRows: NewStem[],
): Promise<Track> {
  return tracksRepo.insertForkIn(tx, fork, waveformData, stemRows);
}

/** The purge of a deleted track (modules/track-files), in its transaction: PENDING_DELETION becomes DELETED; false when it was not pending. */
export function markPurgedIn(tx: Executor, trackId: string): Promise<boolean> {
  return tracksRepo.markDeletedIn(tx, trackId);
}

export async function getTrack(id: string, viewer: Viewer | null): Promise<TrackDetails> {
  return trackView(await findViewableTrack(id, viewer), viewer);
}

/** What a kept public page of a track depends on (src/server/cache/public-pages.ts). */
export interface PublicPageState {
  version: number;
  plays: number;
  downloads: number;
  likes: number;
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
  const { version, plays, downloads, likes, ownerId, parentId } = row;
  return { version, plays, downloads, likes, ownerId, parentId };
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
