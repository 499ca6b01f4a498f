import { type Executor, holdLock, transaction } from "../../src/server/db/transaction";
import { badRequest, forbidden, notFound, tooManyRequests } from "../../src/server/errors";
import { createRateLimiter } from "../../src/server/http/rate-limit";
import { perRuntime } from "../../src/server/runtime";
import { publicProfileOf, type Viewer } from "../auth/service";
import { listLikedTracks, type PageQuery, type TrackPageJson } from "../lists/service";
import { notifyUsers } from "../notifications/service";
import { findViewableTrack, setLikeCount, type Track } from "../tracks/service";
import {
  LIKE_NOTICE_SECONDS,
  LIKE_WINDOW_SECONDS,
  LIKES_PER_WINDOW,
  type LikedTracks,
  type LikeSettings,
  type LikeState,
  MAX_ASKED_TRACKS,
} from "./model";
import { likesRepo } from "./repo";

const changesByUser = perRuntime(() => createRateLimiter("likes", LIKES_PER_WINDOW, LIKE_WINDOW_SECONDS * 1000));

/** A track the viewer may like: one they may see that is not on its way out (an admin sees those too). */
async function likeableTrack(trackId: string, viewer: Viewer): Promise<Track> {
  const track = await findViewableTrack(trackId, viewer);
  if (track.status !== "ACTIVE") throw notFound("Track not found");
  return track;
}

/** Counts the track's likes again and stores the count on it, inside the change's transaction. */
async function recount(trackId: string, executor: Executor): Promise<number> {
  const likeCount = await likesRepo.countOf(trackId, executor);
  await setLikeCount(trackId, likeCount, executor);
  return likeCount;
}

/**
 * Adds or removes the viewer's like and recounts, under a lock on the track: two likes at once on PostgreSQL would
 * otherwise each count without the other's row. Answers the state it leaves.
 */
async function change(viewer: Viewer, track: Track, liked: boolean): Promise<LikeState & { added: boolean }> {
  if (await changesByUser().blocked(viewer.id))
    throw tooManyRequests("Too many likes in a short time. Please wait a few minutes and try again.");
  await changesByUser().hit(viewer.id);
  return transaction(async (tx) => {
    await holdLock(tx, `likes: ${track.id}`);
    const before = await likesRepo.isLiked(viewer.id, track.id, tx);
    if (liked) await likesRepo.add(viewer.id, track.id, tx);
    else await likesRepo.remove(viewer.id, track.id, tx);
    return { likedByMe: liked, likeCount: await recount(track.id, tx), added: liked && !before };
  });
}

/**
 * Tells the owner "ana liked Undertow", at most once per track per LIKE_NOTICE_SECONDS (the first like of the hour
 * names its liker; the count on the page tells the rest). Liking your own track tells nobody.
 */
async function tellOwner(viewer: Viewer, track: Track): Promise<void> {
  if (track.userId === viewer.id) return;
  const now = new Date();
  if (!(await likesRepo.claimNotice(track.id, now, new Date(now.getTime() - LIKE_NOTICE_SECONDS * 1000)))) return;
  await notifyUsers([track.userId], {
    title: "New like",
    message: `${viewer.username} liked ${track.title}`,
    type: "like",
    link: `/track/${track.id}`,
  });
}

/** GET /api/track/{id}/like. */
export async function likeState(viewer: Viewer, trackId: string): Promise<LikeState> {
  const track = await likeableTrack(trackId, viewer);
  return { likedByMe: await likesRepo.isLiked(viewer.id, track.id), likeCount: await likesRepo.countOf(track.id) };
}

/** PUT /api/track/{id}/like: liking twice is liking once (and tells the owner once). */
export async function like(viewer: Viewer, trackId: string): Promise<LikeState> {
  const track = await likeableTrack(trackId, viewer);
  const { added, ...state } = await change(viewer, track, true);
  if (added) await tellOwner(viewer, track);
  return state;
}

/** DELETE /api/track/{id}/like: unliking a track not liked changes nothing. */
export async function unlike(viewer: Viewer, trackId: string): Promise<LikeState> {
  const { added: _added, ...state } = await change(viewer, await likeableTrack(trackId, viewer), false);
  return state;
}

/** Whether `userId` likes the track: the `likedByMe` of the Track JSON. */
export const isLikedBy = (trackId: string, userId: string): Promise<boolean> => likesRepo.isLiked(userId, trackId);

/** What `userId` likes, for their account export. */
export function likedBy(userId: string): Promise<{ trackId: string; createdAt: Date }[]> {
  return likesRepo.likedBy(userId);
}

/** Inside an account's deletion: its likes go, and each track it liked is counted again. */
export async function leaveLikes(userId: string, executor: Executor): Promise<void> {
  const liked = await likesRepo.likedBy(userId, executor);
  await likesRepo.removeAllOf(userId, executor);
  for (const { trackId } of liked) await recount(trackId, executor);
}

/** GET /api/likes?trackIds=: which of these tracks the caller likes (the hearts on a page of cards). */
export async function likedAmong(viewer: Viewer, trackIds: string): Promise<LikedTracks> {
  const asked = [...new Set(trackIds.split(","))];
  if (asked.length > MAX_ASKED_TRACKS) throw badRequest(`trackIds may name at most ${MAX_ASKED_TRACKS} tracks`);
  return { trackIds: await likesRepo.likedAmong(viewer.id, asked) };
}

/** GET /api/likes/settings. */
export async function likeSettings(viewer: Viewer): Promise<LikeSettings> {
  return { public: !(await likesRepo.isHidden(viewer.id)) };
}

/** PUT /api/likes/settings. */
export async function changeLikeSettings(viewer: Viewer, settings: LikeSettings): Promise<LikeSettings> {
  await likesRepo.setHidden(viewer.id, !settings.public);
  return likeSettings(viewer);
}

/**
 * GET /api/users/{username}/likes: the public tracks the user likes, for anyone unless they keep their likes to
 * themselves (then 403, naming that, for everyone but them: their name is public, so a 404 would not hide it).
 */
export async function likesPage(viewer: Viewer | null, username: string, query: PageQuery): Promise<TrackPageJson> {
  const user = await publicProfileOf(username);
  if (!user) throw notFound("User not found");
  if (viewer?.id !== user.id && (await likesRepo.isHidden(user.id)))
    throw forbidden(`${user.username} keeps their likes private`);
  return listLikedTracks(user.id, query);
}
