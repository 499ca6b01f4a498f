import { bigInt, bytes, index, table, text, timestampMs } from "../../src/server/db/columns";

/**
 * Public answers rendered once and kept in the database, one row per path (`/track/{id}`, `/`, `/api/track/{id}`),
 * so every instance serves the same bytes and nothing grows but with the catalogue. A row is current while its
 * `version` is what the page's state says now (a track's `page_version`, the lists' content version), its `build`
 * is the running build's and its `fills` (live counters, filled into the bytes) are today's.
 */
export const keptPages = table(
  "kept_pages",
  {
    key: text("key").primaryKey(),
    version: text("version").notNull(),
    build: text("build").notNull(),
    /** The live values filled in, as JSON (`{}` for pages without any). */
    fills: text("fills").notNull(),
    /** When its render began: pages whose counts may lag (the home page) are current for a while from then. */
    builtAt: timestampMs("built_at").notNull(),
    etag: text("etag").notNull(),
    contentType: text("content_type").notNull(),
    cacheControl: text("cache_control").notNull(),
    br: bytes("br").notNull(),
    gzip: bytes("gzip").notNull(),
  },
  // A boot finds the answers of other builds without reading the rows, whose pages hold their bytes.
  (t) => [index("kept_pages_build_idx").on(t.build)],
);

/**
 * Paths whose kept answer is behind what they show, written by database triggers (migration pages_due) in the
 * transaction that changed them, and claimed (deleted) by the serving processes' pre-render loop. `version`
 * is the page's version when it became due (for reading the table; the loop reads the state afresh).
 */
export const pagesDue = table("pages_due", {
  key: text("key").primaryKey(),
  version: bigInt("version").notNull(),
});
