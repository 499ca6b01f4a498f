import { useCallback, useEffect, useState } from "react";
import type { Notification } from "../../modules/notifications/model";
import { ApiError } from "../lib/api";
import { $unreadCount } from "../lib/unread";
import { useIslandStore } from "../lib/use-island-store";
import { PageGuard, SignInNotice } from "../shell/PageGuard";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { NotificationEntry } from "./NotificationEntry";
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from "./notifications-api";

/** SPEC §9: the full list loads 20 at a time. */
const PAGE_SIZE = 20;

type LoadState = "loading" | "ready" | "signed-out" | "failed";

/** The full notifications list, read and unread, newest first, with 'Load more'. */
function NotificationsList() {
  const unread = useIslandStore($unreadCount);
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<LoadState>("loading");
  const [loadingMore, setLoadingMore] = useState(false);

  const loadFrom = useCallback((offset: number) => {
    if (offset > 0) setLoadingMore(true);
    fetchNotifications({ limit: PAGE_SIZE, offset, includeRead: true })
      .then((page) => {
        // A notification that arrived meanwhile shifts the offsets; never show one twice.
        setItems((current) => {
          if (offset === 0) return page.items;
          const seen = new Set(current.map((item) => item.id));
          return [...current, ...page.items.filter((item) => !seen.has(item.id))];
        });
        setTotal(page.total);
        setState("ready");
      })
      .catch((error) => {
        console.error("Failed to load notifications", error);
        setState(error instanceof ApiError && error.status === 401 ? "signed-out" : "failed");
      })
      .finally(() => setLoadingMore(false));
  }, []);

  useEffect(() => loadFrom(0), [loadFrom]);

  const markRead = (id: string) => {
    markNotificationRead(id)
      .then(() => setItems((current) => current.map((item) => (item.id === id ? { ...item, isRead: true } : item))))
      .catch((error) => console.error("Failed to mark the notification as read", error));
  };
  const markAll = () => {
    markAllNotificationsRead()
      .then(() => setItems((current) => current.map((item) => ({ ...item, isRead: true }))))
      .catch((error) => console.error("Failed to mark all notifications as read", error));
  };

  if (state === "loading") return <Loading />;
  if (state === "signed-out") return <SignInNotice message="Please log in to view notifications" />;
  if (state === "failed")
    return (
      <ErrorView
        message="Failed to load notifications. Please try again later."
        onRetry={() => {
          setState("loading");
          loadFrom(0);
        }}
      />
    );
  return (
    <section className="card-panel notifications-page">
      <div className="section-head">
        <p className="muted">{total === 0 ? "You have no notifications yet." : `${unread} unread · ${total} in total`}</p>
        {unread > 0 && (
          <button type="button" className="button button-small button-secondary" onClick={markAll}>
            Mark all as read
          </button>
        )}
      </div>
      {items.length > 0 && (
        <ul className="notification-list">
          {items.map((item) => (
            <NotificationEntry key={item.id} notification={item} onMarkRead={markRead} />
          ))}
        </ul>
      )}
      {items.length < total && (
        <button
          type="button"
          className="button button-secondary load-more"
          disabled={loadingMore}
          onClick={() => loadFrom(items.length)}
        >
          {loadingMore ? "Loading..." : "Load more"}
        </button>
      )}
    </section>
  );
}

export default function NotificationsPage() {
  return (
    <PageGuard require="user" visitorMessage="Please log in to view notifications">
      <h1>Notifications</h1>
      <NotificationsList />
    </PageGuard>
  );
}
