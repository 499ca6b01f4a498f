import { useCallback, useEffect, useRef, useState } from "react";
import type { Notification } from "../../modules/notifications/model";
import { onLiveEvent, pollWhileStreamDown } from "../lib/live-events";
import { $unreadCount } from "../lib/unread";
import { useIslandStore } from "../lib/use-island-store";
import { NotificationEntry } from "../notifications/NotificationEntry";
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  refreshUnreadCount,
} from "../notifications/notifications-api";
import { Loading } from "../ui/Loading";

/** SPEC §9: the count is polled every 30 s while the event stream is down; the dropdown shows up to 5 unread notifications. */
const UNREAD_POLL_MS = 30_000;
const DROPDOWN_SIZE = 5;

/**
 * The bell with its unread badge and dropdown (SPEC §2). It is mounted only while signed in, so the count's
 * first load and its fallback polling live here; new notifications arrive on the event stream, which raises the
 * count itself (lib/live-events.ts). Load and mark failures are only logged (SPEC §8).
 */
export function NotificationBell() {
  const count = useIslandStore($unreadCount);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notification[] | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const poll = () => refreshUnreadCount().catch((error) => console.error("Failed to load the unread count", error));
    poll();
    const stopPolling = pollWhileStreamDown(UNREAD_POLL_MS, poll);
    // A stream that could not replay what it missed: the count is read again.
    const stopReset = onLiveEvent("reset", poll);
    return () => {
      stopPolling();
      stopReset();
    };
  }, []);

  const load = useCallback(() => {
    fetchNotifications({ limit: DROPDOWN_SIZE, offset: 0, includeRead: false })
      .then((page) => setItems(page.items))
      .catch((error) => console.error("Failed to load notifications", error));
  }, []);

  useEffect(() => {
    if (!open) return;
    load();
    const closeOnOutsidePress = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    const close = () => setOpen(false);
    document.addEventListener("mousedown", closeOnOutsidePress);
    document.addEventListener("keydown", closeOnEscape);
    window.addEventListener("resize", close);
    // An open dropdown shows a notification as it arrives.
    const stopLive = onLiveEvent("notification", load);
    return () => {
      stopLive();
      document.removeEventListener("mousedown", closeOnOutsidePress);
      document.removeEventListener("keydown", closeOnEscape);
      window.removeEventListener("resize", close);
    };
  }, [open, load]);

  const badge = count > 99 ? "99+" : String(count);
  const markRead = (id: string) => {
    markNotificationRead(id)
      .then(() => {
        setItems((current) => current?.filter((item) => item.id !== id) ?? null);
        // Others may be waiting beyond the first five.
        load();
      })
      .catch((error) => console.error("Failed to mark the notification as read", error));
  };
  const markAll = () => {
    markAllNotificationsRead()
      .then(() => setItems([]))
      .catch((error) => console.error("Failed to mark all notifications as read", error));
  };

  return (
    <div className="bell-menu" ref={ref}>
      <button
        type="button"
        className="bell"
        // The badge's figure is part of the name (WCAG 2.5.3): a parenthesis would hide it from the match.
        aria-label={count > 0 ? `Notifications, ${badge} unread` : "Notifications"}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg className="bell-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {count > 0 && (
          <span className="badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div className="bell-panel" role="dialog" aria-labelledby="bell-heading">
          <div className="bell-panel-head">
            <h2 id="bell-heading">Notifications</h2>
            {count > 0 && (
              <button type="button" className="link-button" onClick={markAll}>
                Mark all as read
              </button>
            )}
          </div>
          {items === null ? (
            <Loading />
          ) : items.length === 0 ? (
            <p className="bell-empty">No new notifications</p>
          ) : (
            <ul className="notification-list">
              {items.map((item) => (
                <NotificationEntry key={item.id} notification={item} onMarkRead={markRead} />
              ))}
            </ul>
          )}
          <a className="bell-footer" href="/notifications">
            View all notifications
          </a>
        </div>
      )}
    </div>
  );
}
