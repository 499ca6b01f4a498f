import { createdAt, index, json, serialId, table, text, textEnum } from "../../src/server/db/columns";
import { LIVE_EVENT_KINDS } from "../../src/shared/live-events";
import { users } from "../auth/schema";

/**
 * The replay window of GET /api/events: every event published in the last EVENTS_REPLAY_SECONDS, so a stream
 * that reconnects with `Last-Event-ID` on any instance gets what it missed. Ids only ever grow; older rows go.
 */
export const liveEvents = table(
  "live_events",
  {
    id: serialId(),
    kind: textEnum("kind", LIVE_EVENT_KINDS).notNull(),
    /** The one user it is for (a notification); null when it is a track's. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The track it is about: sent to whoever watches the track and may see it (tracks/access.ts); null for a user's. */
    trackId: text("track_id"),
    data: json<Record<string, unknown>>("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_user_idx").on(t.userId, t.id), index("live_events_track_idx").on(t.trackId, t.id)],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
