import { bigInt, int, table } from "../../src/server/db/columns";

/**
 * One row (id 1) naming what every list shows, kept by database triggers (migration list_versions) so that
 * every server instance on the database agrees on it. `content` goes up on every change a list item or a list's
 * membership shows (a track added, edited, deleted, made public or private, shared or unshared: whatever raises
 * `tracks.page_version`); `counters` on plays and downloads alone, which lists may show a few seconds late
 * (cache.ts) so that listening does not empty the list cache.
 */
export const listVersions = table("list_versions", {
  id: int("id").primaryKey(),
  content: bigInt("content").notNull().default(0),
  counters: bigInt("counters").notNull().default(0),
});
