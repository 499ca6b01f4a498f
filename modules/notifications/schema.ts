import { bool, createdAt, index, orderedId, table, text, textEnum } from "../../src/server/db/columns";
import { users } from "../auth/schema";

/** Every kind of notification; islands style `storage-quota-warning` as a warning, the rest as information. */
export const NOTIFICATION_TYPES = [
  "storage-quota-warning",
  "early-access-request",
  "info",
  "comment",
  "new-track",
  "like",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = table(
  "notifications",
  {
    /** Ordered by creation, so notifications made in the same millisecond list newest first. */
    id: orderedId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: textEnum("type", NOTIFICATION_TYPES).notNull(),
    /** The page of what it is about (a site path such as `/track/{id}`), opened from the notification; null for none. */
    link: text("link"),
    isRead: bool("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.isRead, t.createdAt)],
);

export type Notification = typeof notifications.$inferSelect;
