import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { Executor } from "../../src/server/db/transaction";
import { hiddenLikes, likeNotices, likes } from "./schema";

export const likesRepo = {
  /** Adds the like unless it is there already; answers whether it was added. */
  add: async (userId: string, trackId: string, executor: Executor): Promise<boolean> =>
    (await executor.insert(likes).values({ userId, trackId }).onConflictDoNothing().returning({ trackId: likes.trackId }))
      .length > 0,
  /** Removes the like if there is one; answers whether there was. */
  remove: async (userId: string, trackId: string, executor: Executor): Promise<boolean> =>
    (
      await executor
        .delete(likes)
        .where(and(eq(likes.userId, userId), eq(likes.trackId, trackId)))
        .returning({ trackId: likes.trackId })
    ).length > 0,
  isLiked: async (userId: string, trackId: string): Promise<boolean> =>
    (
      await db()
        .select({ trackId: likes.trackId })
        .from(likes)
        .where(and(eq(likes.userId, userId), eq(likes.trackId, trackId)))
    ).length > 0,
  /** Which of `trackIds` `userId` likes. */
  likedAmong: async (userId: string, trackIds: string[]): Promise<string[]> =>
    (
      await db()
        .select({ trackId: likes.trackId })
        .from(likes)
        .where(and(eq(likes.userId, userId), inArray(likes.trackId, trackIds)))
    ).map((row) => row.trackId),
  /** What `userId` likes, oldest like first (the account export). */
  likesOf: (userId: string) =>
    db()
      .select({ trackId: likes.trackId, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.userId, userId))
      .orderBy(asc(likes.createdAt)),
  /** Removes every like of `userId`; answers the tracks they were on. */
  removeAllOf: async (userId: string, executor: Executor): Promise<string[]> =>
    (await executor.delete(likes).where(eq(likes.userId, userId)).returning({ trackId: likes.trackId })).map(
      (row) => row.trackId,
    ),
  isHidden: async (userId: string): Promise<boolean> =>
    (await db().select().from(hiddenLikes).where(eq(hiddenLikes.userId, userId))).length > 0,
  setHidden: async (userId: string, hidden: boolean): Promise<void> => {
    if (hidden) await db().insert(hiddenLikes).values({ userId }).onConflictDoNothing();
    else await db().delete(hiddenLikes).where(eq(hiddenLikes.userId, userId));
  },
  /**
   * Claims the track's notice for `now`: true when none was sent since `sentBefore` (and this one is recorded), false
   * when one was, in one statement so that likes arriving together send one notice.
   */
  claimNotice: async (trackId: string, now: Date, sentBefore: Date): Promise<boolean> =>
    (
      await db()
        .insert(likeNotices)
        .values({ trackId, sentAt: now })
        .onConflictDoUpdate({ target: likeNotices.trackId, set: { sentAt: now }, setWhere: lt(likeNotices.sentAt, sentBefore) })
        .returning({ trackId: likeNotices.trackId })
    ).length > 0,
};
