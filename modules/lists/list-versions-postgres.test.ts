/**
 * The list version on PostgreSQL (migration pg/0003's plpgsql triggers, less the counters one pg/0006 dropped),
 * written straight to a database a real server migrated: whatever instance or tool changes what lists show raises
 * `content`; plays and downloads do not write its row at all, so concurrent plays never wait on it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type TestServer } from "../../tests/support/server";
import { freshPostgresDatabase } from "../../tests/support/test-database";

let server: TestServer;
let sql: InstanceType<typeof Bun.SQL>;
beforeAll(async () => {
  const databaseUrl = await freshPostgresDatabase();
  server = await startServer({ env: { DATABASE_URL: databaseUrl } });
  sql = new Bun.SQL(databaseUrl);
}, 90_000);
afterAll(async () => {
  await sql?.close();
  await server?.stop();
});

/** The content version, and the transaction that last wrote its row (`xmin`: any update changes it). */
async function versionRow(): Promise<{ content: number; writtenBy: string }> {
  const [row] = await sql`select content, xmin::text as written_by from list_versions where id = 1`;
  return { content: Number(row.content), writtenBy: row.written_by };
}

/** Runs `change` and answers whether the content version went up and whether its row was written at all. */
async function raised(change: () => Promise<unknown>): Promise<{ content: boolean; written: boolean }> {
  const before = await versionRow();
  await change();
  const after = await versionRow();
  return { content: after.content > before.content, written: after.writtenBy !== before.writtenBy };
}
const CONTENT = { content: true, written: true };
const UNTOUCHED = { content: false, written: false };

test("a new track, an edit, visibility, a share and an unshare, and a deletion raise content; plays and downloads write nothing there", async () => {
  const now = Date.now();
  const [license] = await sql`select id from licenses limit 1`;
  for (const name of ["pg-owner", "pg-friend"])
    await sql`insert into users (id, email, username, password_hash, created_at)
      values (${name}, ${`${name}@example.com`}, ${name}, 'x', ${now})`;
  const track = "pg-track";
  expect(
    await raised(
      () => sql`insert into tracks (id, user_id, title, primary_artist_name, original_format, original_key, license_id,
        created_at, updated_at) values (${track}, 'pg-owner', 'Song', 'Ann', 'wav', 'k', ${license.id}, ${now}, ${now})`,
    ),
  ).toEqual(CONTENT);
  expect(await raised(() => sql`update tracks set title = 'Song 2' where id = ${track}`)).toEqual(CONTENT);
  expect(await raised(() => sql`update tracks set is_public = false where id = ${track}`)).toEqual(CONTENT);
  expect(
    await raised(() => sql`insert into track_shares (track_id, user_id, created_at) values (${track}, 'pg-friend', ${now})`),
  ).toEqual(CONTENT);
  expect(await raised(() => sql`delete from track_shares where track_id = ${track}`)).toEqual(CONTENT);
  expect(await raised(() => sql`update tracks set total_plays = total_plays + 1 where id = ${track}`)).toEqual(UNTOUCHED);
  expect(await raised(() => sql`update tracks set total_downloads = total_downloads + 1 where id = ${track}`)).toEqual(UNTOUCHED);
  expect(await raised(() => sql`delete from tracks where id = ${track}`)).toEqual(CONTENT);
  expect(await raised(() => sql`select * from tracks`)).toEqual(UNTOUCHED);
});
