import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../../src/server/db/columns";
import { tracks } from "../tracks/schema";

/** One row per counted play (SPEC §3 play usage event); at most one per hour per track and listener. */
export const playEvents = sqliteTable(
  "play_events",
  {
    id: id(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    stemId: text("stem_id"),
    /** A user id, or `anon:{id}` for a visitor. */
    listenerKey: text("listener_key").notNull(),
    eventType: text("event_type", { enum: ["PLAY"] }).notNull(),
    playbackSource: text("playback_source", { enum: ["STREAM", "SYNCED"] }).notNull(),
    duration: real("duration").notNull(),
    createdAt: createdAt(),
    countedAt: integer("counted_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("play_events_listener_idx").on(t.trackId, t.listenerKey, t.countedAt)],
);
