import { bigInt, int, table } from "../../src/server/db/columns";

/**
 * One row (id 1) naming what every list shows, kept by database triggers (migration list_versions) so that
 * every server instance on the database agrees on it. `content` goes up on every change a list item or a list's
 * membership shows (a track added, edited, deleted, made public or private, shared or unshared: whatever raises
 * `tracks.page_version`). Plays and downloads raise nothing here (migration counters_unversioned): a row every
 * play in the cluster wrote made plays wait for each other; lists show counts up to a few seconds late (cache.ts).
 */
export const listVersions = table("list_versions", {
  id: int("id").primaryKey(),
  content: bigInt("content").notNull().default(0),
});
