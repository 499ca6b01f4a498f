import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type Notification, notifications } from "./schema";

export const notificationsRepo = {
  insertMany: (rows: (typeof notifications.$inferInsert)[]): Notification[] =>
    rows.length ? db.insert(notifications).values(rows).returning().all() : [],
  list: (userId: string, limit: number, offset: number, includeRead: boolean): Notification[] =>
    db
      .select()
      .from(notifications)
      .where(
        includeRead ? eq(notifications.userId, userId) : and(eq(notifications.userId, userId), eq(notifications.isRead, false)),
      )
      // Ids are UUIDv7 (ordered), so notifications created in the same millisecond stay newest first.
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset)
      .all(),
  count: (userId: string, includeRead: boolean): number =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .where(
        includeRead ? eq(notifications.userId, userId) : and(eq(notifications.userId, userId), eq(notifications.isRead, false)),
      )
      .get()?.n ?? 0,
  markRead: (userId: string, id: string): Notification | undefined =>
    db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning()
      .get(),
  markAllRead: (userId: string): number =>
    db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id })
      .all().length,
};
