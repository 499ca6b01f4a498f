import type { MouseEvent } from "react";
import type { Notification } from "../../modules/notifications/model";
import { goTo } from "../lib/go-to";
import { localTime, markNotificationRead } from "./notifications-api";

/**
 * Opening an unread notification's link reads it: marked read first, then the page opens. A click that opens
 * elsewhere (a new tab, a download) is left to the browser and marks nothing.
 */
function openAndMarkRead(event: MouseEvent<HTMLAnchorElement>, notification: Notification) {
  if (notification.isRead || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  markNotificationRead(notification.id)
    .catch((error) => console.error("Failed to mark the notification as read", error))
    .finally(() => goTo(href));
}

/**
 * One notification: title (a link to what it is about, when it has one), message, local creation time and,
 * while unread, a 'Mark as read' button.
 */
export function NotificationEntry({
  notification,
  onMarkRead,
}: {
  notification: Notification;
  onMarkRead: (id: string) => void;
}) {
  return (
    <li className={`notification${notification.isRead ? "" : " notification-unread"}`}>
      <div className="notification-body">
        <strong className="notification-title">
          {notification.link ? (
            <a href={notification.link} onClick={(event) => openAndMarkRead(event, notification)}>
              {notification.title}
            </a>
          ) : (
            notification.title
          )}
        </strong>
        <p className="notification-message">{notification.message}</p>
        <time className="notification-time" dateTime={notification.createdAt}>
          {localTime(notification.createdAt)}
        </time>
      </div>
      {!notification.isRead && (
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={`Mark as read: ${notification.title}`}
          onClick={() => onMarkRead(notification.id)}
        >
          Mark as read
        </button>
      )}
    </li>
  );
}
