import { t } from "elysia";
import { NOTIFICATION_TYPES } from "./schema";

/** SPEC §3 Notification as the API sends it; `createdAt` is an ISO string. */
export const Notification = t.Object({
  id: t.String(),
  title: t.String(),
  message: t.String(),
  type: t.UnionEnum(NOTIFICATION_TYPES),
  isRead: t.Boolean(),
  createdAt: t.String({ format: "date-time" }),
});
export type Notification = typeof Notification.static;

/** What a module tells a user (stored as a Notification; an upload's reply carries it too). */
export const NotificationInput = t.Object({
  title: t.String(),
  message: t.String(),
  type: t.UnionEnum(NOTIFICATION_TYPES),
});
export type NotificationInput = typeof NotificationInput.static;

export const NotificationPage = t.Object({ items: t.Array(Notification), total: t.Number() });
export type NotificationPage = typeof NotificationPage.static;

export const NotificationQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, error: "limit must be a whole number from 1 to 100" })),
  offset: t.Optional(t.Integer({ minimum: 0, error: "offset must be a whole number of at least 0" })),
  includeRead: t.Optional(t.Boolean({ error: "includeRead must be true or false" })),
});
