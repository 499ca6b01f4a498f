import type { TProperties } from "@sinclair/typebox";
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
  /** The site path of what it is about (`/track/{id}`, `/manage-storage`…), which the notification opens; null for none. */
  link: t.Union([t.String(), t.Null()]),
});
export type Notification = typeof Notification.static;

/** What a module tells a user (stored as a Notification; an upload's reply carries it too). */
export const NotificationInput = t.Object({
  title: t.String(),
  message: t.String(),
  type: t.UnionEnum(NOTIFICATION_TYPES),
  /** A site path (starting with one `/`): the page that shows what the notification is about. */
  link: t.Optional(t.String()),
});
export type NotificationInput = typeof NotificationInput.static;

/**
 * A reply that may also tell the user something at once (the storage quota warning of an upload, a fork or a
 * studio change): the islands' client toasts any reply's `notification` and raises the unread count (SPEC §7).
 * The service side is `withNotification` (service.ts).
 */
export const NotifyingReply = <P extends TProperties>(properties: P) =>
  t.Object({ ...properties, notification: t.Optional(NotificationInput) });

export const NotificationPage = t.Object({ items: t.Array(Notification), total: t.Number() });
export type NotificationPage = typeof NotificationPage.static;

export const NotificationQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, error: "limit must be a whole number from 1 to 100" })),
  offset: t.Optional(t.Integer({ minimum: 0, error: "offset must be a whole number of at least 0" })),
  includeRead: t.Optional(t.Boolean({ error: "includeRead must be true or false" })),
});
