import { useStore } from "@nanostores/react";
import { $unreadCount } from "../lib/unread";

/** The bell with its unread badge; the dropdown comes with the notifications work. */
export function NotificationBell() {
  const count = useStore($unreadCount);
  return (
    <a href="/notifications" className="bell" aria-label="Notifications">
      🔔{count > 0 && <span className="badge">{count}</span>}
    </a>
  );
}
