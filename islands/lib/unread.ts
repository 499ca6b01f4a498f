import { atom } from "nanostores";

/** The notification bell's unread count, shared by every island (SPEC §4). */
export const $unreadCount = atom(0);

export function bumpUnread(): void {
  $unreadCount.set($unreadCount.get() + 1);
}
