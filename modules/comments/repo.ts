import { and, asc, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { Executor } from "../../src/server/db/transaction";
import { type Comment, comments } from "./schema";

export const commentsRepo = {
  insert: async (row: typeof comments.$inferInsert): Promise<Comment> =>
    (await db().insert(comments).values(row).returning())[0] as Comment,
  find: async (id: string): Promise<Comment | undefined> => (await db().select().from(comments).where(eq(comments.id, id)))[0],
  /** Up to `limit` of a track's comments (not replies), newest first, older than the comment `before` names. */
  threads: (trackId: string, before: string | null, limit: number): Promise<Comment[]> =>
    db()
      .select()
      .from(comments)
      .where(and(eq(comments.trackId, trackId), isNull(comments.parentId), before ? lt(comments.id, before) : undefined))
      .orderBy(desc(comments.id))
      .limit(limit),
  /** The replies to these comments, oldest first. */
  repliesTo: (parentIds: string[]): Promise<Comment[]> =>
    parentIds.length
      ? db().select().from(comments).where(inArray(comments.parentId, parentIds)).orderBy(asc(comments.id))
      : Promise.resolve([]),
  /** A comment and its replies. */
  remove: async (id: string): Promise<void> => {
    await db()
      .delete(comments)
      .where(or(eq(comments.id, id), eq(comments.parentId, id)));
  },
  /** A purged track's comments, all of them (inside the purge's transaction). */
  removeAllOfIn: async (executor: Executor, trackId: string): Promise<void> => {
    await executor.delete(comments).where(eq(comments.trackId, trackId));
  },
  /** Everything `userId` wrote, oldest first (the account export). */
  writtenBy: (userId: string): Promise<Comment[]> =>
    db().select().from(comments).where(eq(comments.userId, userId)).orderBy(asc(comments.id)),
  /** An account leaving: its comments go, and the replies others made to them (inside the deletion's transaction). */
  leave: async (userId: string, executor: Executor): Promise<void> => {
    const own = executor.select({ id: comments.id }).from(comments).where(eq(comments.userId, userId));
    await executor.delete(comments).where(or(eq(comments.userId, userId), inArray(comments.parentId, own)));
  },
};
