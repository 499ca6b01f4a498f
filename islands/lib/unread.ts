import { atom } from "nanostores";
import { showToast, TOAST_LIFETIME_MS } from "./toasts";

/** The notification bell's unread count, shared by every island (SPEC §4). */
export const $unreadCount = atom(0);

/** What was announced lately, by title and message, and when: the same notice can come from a reply and the stream. */
const announced = new Map<string, number>();

/**
 * SPEC §7: a new notification shows a toast and raises the unread count. A reply that carries one (a quota warning)
 * and the event stream that pushes the stored one name the same notice: it is announced once.
 */
export function announceNotification(notification: { title: string; message?: string; type?: string }): void {
  const key = `${notification.title}\n${notification.message ?? ""}`;
  const now = Date.now();
  for (const [seen, at] of announced) if (at <= now - TOAST_LIFETIME_MS) announced.delete(seen);
  if (announced.has(key)) return;
  announced.set(key, now);
  showToast({
    type: notification.type === "storage-quota-warning" ? "warning" : "info",
    title: notification.title,
    message: notification.message ?? "",
  });
  $unreadCount.set($unreadCount.get() + 1);
}
