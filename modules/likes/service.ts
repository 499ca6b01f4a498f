import { type Executor, transaction } from "../../src/server/db/transaction";
import { badRequest, forbidden, notFound, tooManyRequests } from "../../src/server/errors";
import { createRateLimiter } from "../../src/server/http/rate-limit";
import { publicProfileOf, type Viewer } from "../auth/service";
import { listLikedTracks, type PageQuery, type TrackPageJson } from "../lists/service";
import { notifyUsers } from "../notifications/service";
import { adjustLikeCount, findViewableTrack, type Track } from "../tracks/service";
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

const changesByUser = createRateLimiter("likes", LIKES_PER_WINDOW, LIKE_WINDOW_SECONDS * 1000);

/** A track the viewer may like: one they may see that is not on its way out (an admin sees those too). */
async function likeableTrack(trackId: string, viewer: Viewer): Promise<Track> {
  const track = await findViewableTrack(trackId, viewer);
  if (track.status !== "ACTIVE") throw notFound("Track not found");
  return track;
}

/**
 * Adds or removes the viewer's like and moves the track's count by what changed, in one transaction: the count's
 * row lock orders likes at once (on PostgreSQL too), and a like that was already there changes nothing.
 */
async function change(viewer: Viewer, track: Track, liked: boolean): Promise<LikeState & { added: boolean }> {
  if (await changesByUser.blocked(viewer.id))
    throw tooManyRequests("Too many likes in a short time. Please wait a few minutes and try again.");
  await changesByUser.hit(viewer.id);
  return transaction(async (tx) => {
    const changed = liked ? await likesRepo.add(viewer.id, track.id, tx) : await likesRepo.remove(viewer.id, track.id, tx);
    const likeCount = await adjustLikeCount(track.id, changed ? (liked ? 1 : -1) : 0, tx);
    return { likedByMe: liked, likeCount, added: liked && changed };
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

/** GET /api/track/{id}/like: the count is the track's own (the same the Track JSON and the lists carry). */
export async function likeState(viewer: Viewer, trackId: string): Promise<LikeState> {
  const track = await likeableTrack(trackId, viewer);
  return { likedByMe: await likesRepo.isLiked(viewer.id, track.id), likeCount: track.likeCount };
}

/** PUT /api/track/{id}/like: liking twice is liking once (and tells the owner once). */
export async function like(viewer: Viewer, trackId: string): Promise<LikeState> {
  const track = await likeableTrack(trackId, viewer);
  const { added, likedByMe, likeCount } = await change(viewer, track, true);
  if (added) await tellOwner(viewer, track);
  return { likedByMe, likeCount };
}

/** DELETE /api/track/{id}/like: unliking a track not liked changes nothing. */
export async function unlike(viewer: Viewer, trackId: string): Promise<LikeState> {
  const { likedByMe, likeCount } = await change(viewer, await likeableTrack(trackId, viewer), false);
  return { likedByMe, likeCount };
}

/** Whether `userId` likes the track: the `likedByMe` of the Track JSON. */
export const userLikes = (userId: string, trackId: string): Promise<boolean> => likesRepo.isLiked(userId, trackId);

/** What `userId` likes, for their account export. */
export function likesOf(userId: string): Promise<{ trackId: string; createdAt: Date }[]> {
  return likesRepo.likesOf(userId);
}

/**
 * Inside an account's deletion: its likes go, and each track they were on counts one fewer. In id order, so two
 * deletions at once take the tracks' row locks in the same order and never wait on each other in a circle.
 */
export async function leaveLikes(userId: string, executor: Executor): Promise<void> {
  const liked = (await likesRepo.removeAllOf(userId, executor)).sort();
  for (const trackId of liked) await adjustLikeCount(trackId, -1, executor);
}

/**
 * GET /api/likes?trackIds=: which of these tracks the caller likes (the hearts on a page of cards); only tracks they
 * may still see, so a track made private since tells nothing about itself.
 */
export async function likedAmong(viewer: Viewer, trackIds: string): Promise<LikedTracks> {
  const asked = [...new Set(trackIds.split(","))];
  if (asked.length > MAX_ASKED_TRACKS) throw badRequest(`trackIds may name at most ${MAX_ASKED_TRACKS} tracks`);
  const liked = await likesRepo.likedAmong(viewer.id, asked);
  const visible = await Promise.all(
    liked.map((id) =>
      likeableTrack(id, viewer).then(
        () => true,
        () => false,
      ),
    ),
  );
  return { trackIds: liked.filter((_, index) => visible[index]) };
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
