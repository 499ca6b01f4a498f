import { notFound } from "../../src/server/errors";
import { publishEvents } from "../events/service";
import type { Notification, NotificationInput, NotificationPage } from "./model";
import { notificationsRepo } from "./repo";
import type { Notification as NotificationRow } from "./schema";

export type { NotificationInput };

export const notificationView = ({ id, title, message, type, isRead, createdAt, link }: NotificationRow): Notification => ({
  id,
  title,
  message,
  type,
  isRead,
  createdAt: createdAt.toISOString(),
  link,
});

/** The `notification` field of a NotifyingReply: present only when there is something to tell. */
export const withNotification = (notification: NotificationInput | undefined) => (notification ? { notification } : {});

/**
 * Stores one notification per user; other modules call this to tell users something. Each is pushed at once to
 * the user's open pages (the bell's count and a toast; docs/live-events.md).
 */
export async function notifyUsers(userIds: string[], input: NotificationInput): Promise<NotificationRow[]> {
  const rows = await notificationsRepo.insertMany(userIds.map((userId) => ({ userId, ...input })));
  await publishEvents(rows.map((row) => ({ kind: "notification", userId: row.userId, data: notificationView(row) })));
  return rows;
}

export async function listNotifications(
  userId: string,
  limit: number,
  offset: number,
  includeRead: boolean,
): Promise<NotificationPage> {
  return {
    items: (await notificationsRepo.list(userId, limit, offset, includeRead)).map(notificationView),
    total: await notificationsRepo.count(userId, includeRead),
  };
}

export function unreadCount(userId: string): Promise<number> {
  return notificationsRepo.count(userId, false);
}

export async function markRead(userId: string, id: string): Promise<Notification> {
  const notification = await notificationsRepo.markRead(userId, id);
  if (!notification) throw notFound("Notification not found");
  return notificationView(notification);
}

export function markAllRead(userId: string): Promise<number> {
  return notificationsRepo.markAllRead(userId);
}
