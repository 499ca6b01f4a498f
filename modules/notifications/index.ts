import { Elysia, t } from "elysia";
import { authGuard } from "../auth";
import { Notification, NotificationPage, NotificationQuery } from "./model";
import * as notifications from "./service";

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
          detail: { summary: "The signed-in user's notifications, newest first" },
          query: NotificationQuery,
          response: NotificationPage,
        },
      )
      .get("/unread-count", async ({ user }) => ({ count: await notifications.unreadCount(user.id) }), {
        detail: { summary: "How many notifications are unread" },
        response: t.Object({ count: t.Number() }),
      })
      .post("/:id/read", ({ user, params }) => notifications.markRead(user.id, params.id), {
        detail: { summary: "Mark one notification read" },
        response: Notification,
      })
      .post("/mark-all-read", async ({ user }) => ({ updated: await notifications.markAllRead(user.id) }), {
        detail: { summary: "Mark every notification read" },
        response: t.Object({ updated: t.Number() }),
      }),
  );
