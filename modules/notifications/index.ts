import { Elysia, t } from "elysia";
import { authGuard } from "../auth";
import * as notifications from "./service";

const Notification = t.Object({
  id: t.String(),
  title: t.String(),
  message: t.String(),
  type: t.String(),
  isRead: t.Boolean(),
  createdAt: t.Date(),
});

/** SPEC §7 Notifications: a user only ever sees and changes their own. */
export const notificationsModule = new Elysia({ name: "module.notifications", prefix: "/notifications" })
  .use(authGuard)
  .guard({ auth: true, detail: { tags: ["Notifications"] } }, (app) =>
    app
      .get(
        "/",
        ({ user, query }) =>
          notifications.listNotifications(user.id, query.limit ?? 20, query.offset ?? 0, query.includeRead ?? true),
        {
          query: t.Object({
            limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, error: "limit must be a whole number from 1 to 100" })),
            offset: t.Optional(t.Integer({ minimum: 0, error: "offset must be a whole number of at least 0" })),
            includeRead: t.Optional(t.Boolean({ error: "includeRead must be true or false" })),
          }),
          response: t.Object({ items: t.Array(Notification), total: t.Number() }),
        },
      )
      .get("/unread-count", ({ user }) => ({ count: notifications.unreadCount(user.id) }), {
        response: t.Object({ count: t.Number() }),
      })
      .post("/:id/read", ({ user, params }) => notifications.markRead(user.id, params.id), { response: Notification })
      .post("/mark-all-read", ({ user }) => ({ updated: notifications.markAllRead(user.id) }), {
        response: t.Object({ updated: t.Number() }),
      }),
  );
