import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../../src/server/db/columns";
import { users } from "../auth/schema";

/** Every kind of notification; islands style `storage-quota-warning` as a warning, the rest as information. */
export const NOTIFICATION_TYPES = ["storage-quota-warning", "early-access-request", "info"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.isRead, t.createdAt)],
);

export type Notification = typeof notifications.$inferSelect;
