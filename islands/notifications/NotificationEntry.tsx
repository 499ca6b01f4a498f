import type { Notification } from "../../modules/notifications/model";
import { localTime } from "./notifications-api";

/** One notification: title, message, local creation time and, while unread, a 'Mark as read' button. */
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
        <strong className="notification-title">{notification.title}</strong>
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
