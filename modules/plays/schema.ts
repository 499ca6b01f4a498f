import { createdAt, id, index, real, table, text, textEnum, timestampMs } from "../../src/server/db/columns";
import { tracks } from "../tracks/schema";

/** One row per counted play (SPEC §3 play usage event); at most one per hour per track and listener. */
export const playEvents = table(
  "play_events",
  {
    id: id(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    stemId: text("stem_id"),
    /** A user id, or `anon:{id}` for a visitor. */
    listenerKey: text("listener_key").notNull(),
    eventType: textEnum("event_type", ["PLAY"]).notNull(),
    playbackSource: textEnum("playback_source", ["STREAM", "SYNCED"]).notNull(),
    duration: real("duration").notNull(),
    createdAt: createdAt(),
    countedAt: timestampMs("counted_at").notNull(),
  },
  (t) => [index("play_events_listener_idx").on(t.trackId, t.listenerKey, t.countedAt)],
);
