import type { Executor } from "../../src/server/db/transaction";
import { badRequest, notFound } from "../../src/server/errors";
import { enqueue } from "../../src/server/infra/queue";
import { log } from "../../src/server/logger";
import { publicProfileOf, usernamesOf, type Viewer } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import { publicHeadlineOf } from "../tracks/service";
import type { FollowCounts, FollowState } from "./model";
import { followsRepo } from "./repo";

/** Followers told about a new track per insert: a few thousand rows at most per statement, whatever the following. */
const NOTICE_BATCH = 1_000;

async function artistNamed(username: string): Promise<string> {
  const artist = await publicProfileOf(username);
  if (!artist) throw notFound("User not found");
  return artist.id;
}

async function stateOf(viewer: Viewer, artistId: string): Promise<FollowState> {
  return {
    following: await followsRepo.isFollowing(viewer.id, artistId),
    followers: await followsRepo.followerCount(artistId),
  };
}

/** GET /api/users/{username}/follow: whether the signed-in user follows the artist. */
export async function followState(viewer: Viewer, username: string): Promise<FollowState> {
  return stateOf(viewer, await artistNamed(username));
}

/** POST /api/users/{username}/follow: following twice is following once. */
export async function follow(viewer: Viewer, username: string): Promise<FollowState> {
  const artistId = await artistNamed(username);
  if (artistId === viewer.id) throw badRequest("You cannot follow yourself");
  await followsRepo.follow(viewer.id, artistId);
  return stateOf(viewer, artistId);
}

/** DELETE /api/users/{username}/follow: unfollowing someone not followed changes nothing. */
export async function unfollow(viewer: Viewer, username: string): Promise<FollowState> {
  const artistId = await artistNamed(username);
  await followsRepo.unfollow(viewer.id, artistId);
  return stateOf(viewer, artistId);
}

/** The follower and following counts of an artist's page. */
export async function followCounts(userId: string): Promise<FollowCounts> {
  return { followers: await followsRepo.followerCount(userId), following: await followsRepo.followingCount(userId) };
}

/** Whom `userId` follows, for their account export. */
export function followingOf(userId: string): Promise<{ followeeId: string; createdAt: Date }[]> {
  return followsRepo.followingOf(userId);
}

/** Inside an account's deletion: its follows, both ways, go. */
export const leaveFollows = (userId: string, executor: Executor): Promise<void> => followsRepo.leave(userId, executor);

/**
 * A new track or fork was made: one `follows.new-track` job tells its owner's followers, so the upload answers
 * at once however many there are. The job id makes a second enqueue for the same track a no-op.
 */
export async function enqueueNewTrackNotice(trackId: string): Promise<void> {
  await enqueue("follows.new-track", { trackId }, `follows-new-track-${trackId}`);
}

/**
 * The `follows.new-track` job: a `new-track` notification to every follower of the owner of a track that is
 * public and active, in batches. A private track tells nobody (making it public later does not either).
 */
export async function notifyFollowersOfNewTrack(trackId: string): Promise<void> {
  const track = await publicHeadlineOf(trackId);
  if (!track) return;
  const owner = (await usernamesOf([track.ownerId])).get(track.ownerId);
  if (!owner) return;
  const notice = {
    title: track.isFork ? "New fork" : "New track",
    message: `${owner} posted "${track.title}".`,
    type: "new-track" as const,
    link: `/track/${track.id}`,
  };
  let told = 0;
  for (let after = ""; ; ) {
    const batch = await followsRepo.followerIds(track.ownerId, after, NOTICE_BATCH);
    if (batch.length === 0) break;
    await notifyUsers(batch, notice);
    told += batch.length;
    after = batch.at(-1) as string;
  }
  log.info("followers told of a new track", { trackId, followers: told });
}
