import type { NotificationPage } from "../../modules/notifications/model";
import { api } from "../lib/api";
import { $unreadCount } from "../lib/unread";

export function fetchNotifications(options: { limit: number; offset: number; includeRead: boolean }): Promise<NotificationPage> {
  return api.get<NotificationPage>("/notifications", { query: { ...options }, fresh: true });
}

/** Refreshes the shared unread count from the server. */
export async function refreshUnreadCount(): Promise<void> {
  const { count } = await api.get<{ count: number }>("/notifications/unread-count", { fresh: true });
  $unreadCount.set(count);
}

/** Marks one notification read and lowers the shared count; no toast (SPEC §7). */
export async function markNotificationRead(id: string): Promise<void> {
  await api.post(`/notifications/${encodeURIComponent(id)}/read`);
  $unreadCount.set(Math.max(0, $unreadCount.get() - 1));
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.post("/notifications/mark-all-read");
  $unreadCount.set(0);
}

/** Creation time in the reader's own locale and time zone (SPEC §2 'local creation time'). */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleString();
}
