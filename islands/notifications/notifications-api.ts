import { api, fresh, reply } from "../lib/api";
import { $unreadCount } from "../lib/unread";

export function fetchNotifications(options: { limit: number; offset: number; includeRead: boolean }) {
  return reply(api.notifications.get({ ...fresh(), query: { ...options } }));
}

/** Refreshes the shared unread count from the server. */
export async function refreshUnreadCount(): Promise<void> {
  const { count } = await reply(api.notifications["unread-count"].get(fresh()));
  $unreadCount.set(count);
}

/** Marks one notification read and lowers the shared count; no toast (SPEC §7). */
export async function markNotificationRead(id: string): Promise<void> {
  await reply(api.notifications({ id: encodeURIComponent(id) }).read.post());
  $unreadCount.set(Math.max(0, $unreadCount.get() - 1));
}

export async function markAllNotificationsRead(): Promise<void> {
  await reply(api.notifications["mark-all-read"].post());
  $unreadCount.set(0);
}

/** Creation time in the reader's own locale and time zone (SPEC §2 'local creation time'). */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleString();
}
