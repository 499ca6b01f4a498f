import { createdAt, index, primaryKey, table, text } from "../../src/server/db/columns";
import { users } from "../auth/schema";

/** Who follows whom: one row per follower and artist followed. Deleting either account's row takes it along. */
export const follows = table(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: text("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  // The key serves "whom does X follow" (the Following list, counts); the index "who follows X" (a new track's job).
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index("follows_followee_idx").on(t.followeeId, t.followerId)],
);
