import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type Notification, notifications } from "./schema";

const ofUser = (userId: string, includeRead: boolean) =>
  includeRead ? eq(notifications.userId, userId) : and(eq(notifications.userId, userId), eq(notifications.isRead, false));

export const notificationsRepo = {
  insertMany: async (rows: (typeof notifications.$inferInsert)[]): Promise<Notification[]> =>
    rows.length ? await db().insert(notifications).values(rows).returning() : [],
  list: (userId: string, limit: number, offset: number, includeRead: boolean): Promise<Notification[]> =>
    db()
      .select()
      .from(notifications)
      .where(ofUser(userId, includeRead))
      // Ids are UUIDv7 (ordered), so notifications created in the same millisecond stay newest first.
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
  count: async (userId: string, includeRead: boolean): Promise<number> =>
    Number((await db().select({ n: sql<number>`count(*)` }).from(notifications).where(ofUser(userId, includeRead)))[0]?.n ?? 0),
  markRead: async (userId: string, id: string): Promise<Notification | undefined> =>
    (
      await db()
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning()
    )[0],
  markAllRead: async (userId: string): Promise<number> =>
    (
      await db()
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id })
    ).length,
};
