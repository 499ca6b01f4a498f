import { Elysia } from "elysia";
import { authGuard } from "../auth";
import { EventsQuery, EventsToken } from "./model";
import { issueEventsToken, openEventStream } from "./service";

/**
 * Live updates (docs/live-events.md): a signed-in page trades its session for a short-lived events token, then
 * holds GET /api/events open with it (EventSource cannot send the bearer header, and the session never goes in
 * a URL). The token opens that stream and nothing else.
 */
export const eventsModule = new Elysia({ name: "module.events", prefix: "/events", detail: { tags: ["Events"] } })
  .use(authGuard)
  .post("/token", ({ user }) => issueEventsToken(user), {
    auth: true,
    response: EventsToken,
    detail: {
      summary: "A short-lived, read-only token that opens the caller's event stream",
      responses: { 401: { description: "Not signed in" } },
    },
  })
  .get(
    "/",
    ({ query, headers }) =>
      openEventStream({
        token: query.token,
        tracks: query.tracks,
        lastEventId: headers["last-event-id"] ?? query.lastEventId,
      }),
    {
      query: EventsQuery,
      detail: {
        summary: "The caller's live events (Server-Sent Events), opened with an events token",
        description:
          "Events: notification (the caller's), processing, conversion, regeneration and comment (of the tracks named in " +
          "`tracks` that the caller may see). Each has an id; a reconnect with Last-Event-ID (or `lastEventId`) first " +
          "replays what it missed within EVENTS_REPLAY_SECONDS, or sends `reset` when it cannot.",
        responses: {
          200: {
            description: "The event stream, open until the token's lifetime has passed",
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          400: { description: "tracks or Last-Event-ID is malformed" },
          401: { description: "No events token, or a wrong or expired one" },
          429: { description: "The user already holds the most streams one instance keeps open" },
        },
      },
    },
  );
