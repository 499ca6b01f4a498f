import { and, asc, eq, gt, inArray, lt, max, min, or } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type LiveEventRow, liveEvents } from "./schema";

const INSERT_BATCH = 1000;

export const eventsRepo = {
  /** In batches: a notification to thousands of users stays under SQLite's limit of bound values per statement. */
  insertMany: async (rows: (typeof liveEvents.$inferInsert)[]): Promise<LiveEventRow[]> => {
    const inserted: LiveEventRow[] = [];
    for (let start = 0; start < rows.length; start += INSERT_BATCH)
      inserted.push(
        ...(await db()
          .insert(liveEvents)
          .values(rows.slice(start, start + INSERT_BATCH))
          .returning()),
      );
    return inserted;
  },
  /** The events with these ids, oldest first. */
  byIds: (ids: number[]): Promise<LiveEventRow[]> =>
    db().select().from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id)),
  /** The events after `afterId` for `userId` or any of `trackIds`, oldest first, at most `limit`. */
  after: (afterId: number, userId: string, trackIds: string[], limit: number): Promise<LiveEventRow[]> =>
    db()
      .select()
      .from(liveEvents)
      .where(
        and(
          gt(liveEvents.id, afterId),
          trackIds.length
            ? or(eq(liveEvents.userId, userId), inArray(liveEvents.trackId, trackIds))
            : eq(liveEvents.userId, userId),
        ),
      )
      .orderBy(asc(liveEvents.id))
      .limit(limit),
  /** The oldest and newest ids still kept (null, null when none is). */
  bounds: async (): Promise<{ oldest: number | null; newest: number | null }> => {
    const [row] = await db()
      .select({ oldest: min(liveEvents.id), newest: max(liveEvents.id) })
      .from(liveEvents);
    // PostgreSQL answers bigint aggregates as text.
    const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return { oldest: id(row?.oldest), newest: id(row?.newest) };
  },
  /** Drops events older than `before`, always keeping the newest: it tells a reconnect how far ids went. */
  prune: async (before: Date, newest: number): Promise<void> => {
    await db()
      .delete(liveEvents)
      .where(and(lt(liveEvents.createdAt, before), lt(liveEvents.id, newest)));
  },
};
