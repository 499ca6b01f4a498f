import { createdAt, index, primaryKey, table, text, timestampMs } from "../../src/server/db/columns";
import { users } from "../auth/schema";
import { tracks } from "../tracks/schema";

/** Who likes which track: one row per user and track. Deleting either row takes the like along. */
export const likes = table(
  "likes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  // The key serves "what does X like" (their likes, their export); the index "who likes this track" (its count).
  (t) => [primaryKey({ columns: [t.userId, t.trackId] }), index("likes_track_idx").on(t.trackId, t.userId)],
);

/**
 * When a track's owner was last told of a like: at most one "ana liked Undertow" per track per hour, however many
 * like it in that hour.
 */
export const likeNotices = table("like_notices", {
  trackId: text("track_id")
    .primaryKey()
    .references(() => tracks.id, { onDelete: "cascade" }),
  sentAt: timestampMs("sent_at").notNull(),
});

/** The users who keep their likes to themselves: their likes page (`/u/{username}/likes`) is theirs alone. */
export const hiddenLikes = table("hidden_likes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
});
