import { and, eq, lt } from "drizzle-orm";
import { db } from "../../src/server/db";
import { isPostgres } from "../../src/server/db/dialect";
import { allRaw } from "../../src/server/db/raw";
import type { Encoding } from "../../src/server/http/compression";
import { keptPages } from "./schema";

export type KeptPage = typeof keptPages.$inferSelect;

/** What serving compares before sending a kept answer, with the bytes of one encoding. */
export interface KeptForm {
  version: string;
  build: string;
  fills: string;
  builtAt: number;
  etag: string;
  contentType: string;
  cacheControl: string;
  body: Uint8Array;
}

/**
 * Hand-written, one per encoding, so a request reads the one form it sends: this runs on every request of a
 * kept page, where building the query through drizzle costs more than running it.
 */
const formQuery = (encoding: Encoding) =>
  `select version, build, fills, built_at as "builtAt", etag, content_type as "contentType", cache_control as "cacheControl", ${encoding} as body from kept_pages where key = $key`;
const FORM_QUERIES = { br: formQuery("br"), gzip: formQuery("gzip") };

/** Claims up to `limit` due paths: deleted as they are read, so two instances never render the same one. */
const CLAIM = isPostgres
  ? "delete from pages_due where key in (select key from pages_due limit $limit for update skip locked) returning key"
  : "delete from pages_due where key in (select key from pages_due limit $limit) returning key";

export const pagesRepo = {
  async form(key: string, encoding: Encoding): Promise<KeptForm | undefined> {
    const [row] = await allRaw<KeptForm & { builtAt: number | string }>(FORM_QUERIES[encoding], { key });
    // PostgreSQL's bigint arrives as text.
    return row && { ...row, builtAt: Number(row.builtAt) };
  },

  async keep(page: KeptPage): Promise<void> {
    const { key: _key, ...values } = page;
    await db().insert(keptPages).values(page).onConflictDoUpdate({ target: keptPages.key, set: values });
  },

  /** Removes the kept answer of `key` when it is still at `version` (a newer one kept meanwhile stays). */
  async remove(key: string, version: string): Promise<void> {
    await db()
      .delete(keptPages)
      .where(and(eq(keptPages.key, key), eq(keptPages.version, version)));
  },

  /** Removes the kept answer of `key` when a render that started before `startedAt` made it. */
  async removeOlder(key: string, startedAt: Date): Promise<void> {
    await db()
      .delete(keptPages)
      .where(and(eq(keptPages.key, key), lt(keptPages.builtAt, startedAt)));
  },

  async anyDue(): Promise<boolean> {
    return (await allRaw("select 1 from pages_due limit 1")).length > 0;
  },

  async due(key: string, version: string | number): Promise<void> {
    await allRaw(
      "insert into pages_due (key, version) values ($key, $version) on conflict (key) do update set version = excluded.version",
      { key, version: Number(version) || 0 },
    );
  },

  async claimDue(limit: number): Promise<string[]> {
    return (await allRaw<{ key: string }>(CLAIM, { limit })).map((row) => row.key);
  },

  /** Makes every answer kept by another build due again (a deploy changes what pages look like). */
  async dueAfterBuild(build: string): Promise<void> {
    await allRaw(
      "insert into pages_due (key, version) select key, 0 from kept_pages where build <> $build on conflict (key) do nothing",
      { build },
    );
  },
};
