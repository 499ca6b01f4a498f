import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, index, orderedId, real, table, text } from "../../src/server/db/columns";
import { users } from "../auth/schema";
import { tracks } from "../tracks/schema";

/**
 * Comments on a track, each optionally at a time in it (a marker on the waveform), and replies to them one level
 * deep (`parentId` names a comment that has none). A reply goes with the comment it answers.
 */
export const comments = table(
  "comments",
  {
    /** Ordered by creation: a track's comments list newest first by id, which is also the cursor. */
    id: orderedId(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: text("parent_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    /** Plain text, at most COMMENT_MAX characters (model.ts). */
    body: text("body").notNull(),
    /** Seconds into the track the comment is about; null for one about the whole track (and every reply). */
    atSeconds: real("at_seconds"),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_track_idx").on(t.trackId, t.parentId, t.id),
    index("comments_parent_idx").on(t.parentId),
    index("comments_user_idx").on(t.userId),
  ],
);

export type Comment = typeof comments.$inferSelect;
