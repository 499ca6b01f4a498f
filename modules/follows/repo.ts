import { and, asc, count, eq, gt, or } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { Executor } from "../../src/server/db/transaction";
import { follows } from "./schema";

const countWhere = async (condition: ReturnType<typeof eq>): Promise<number> =>
  (await db().select({ n: count() }).from(follows).where(condition))[0]?.n ?? 0;

export const followsRepo = {
  /** Adds the row unless it is there already. */
  follow: async (followerId: string, followeeId: string): Promise<void> => {
    await db().insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
  },
  unfollow: async (followerId: string, followeeId: string): Promise<void> => {
    await db()
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  },
  isFollowing: async (followerId: string, followeeId: string): Promise<boolean> =>
    (
      await db()
        .select({ id: follows.followeeId })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    ).length > 0,
  followerCount: (userId: string): Promise<number> => countWhere(eq(follows.followeeId, userId)),
  followingCount: (userId: string): Promise<number> => countWhere(eq(follows.followerId, userId)),
  /** Up to `limit` followers of `userId` after `afterId` in id order: a new track's job reads them in batches. */
  followerIds: async (userId: string, afterId: string, limit: number): Promise<string[]> =>
    (
      await db()
        .select({ id: follows.followerId })
        .from(follows)
        .where(and(eq(follows.followeeId, userId), gt(follows.followerId, afterId)))
        .orderBy(asc(follows.followerId))
        .limit(limit)
    ).map((row) => row.id),
  /** The artists `userId` follows, oldest follow first (the account export). */
  followingOf: (userId: string) =>
    db()
      .select({ followeeId: follows.followeeId, createdAt: follows.createdAt })
      .from(follows)
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt)),
  /** An account leaving: it follows nobody and nobody follows it any more (inside the deletion's transaction). */
  leave: async (userId: string, executor: Executor): Promise<void> => {
    await executor.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
  },
};
