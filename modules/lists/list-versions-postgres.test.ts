/**
 * The list versions on PostgreSQL (migration pg/0003's plpgsql triggers), written straight to a database a real
 * server migrated: whatever instance or tool changes what lists show raises `content`; plays and downloads raise
 * `counters` alone.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  CONTENT_RAISED as CONTENT,
  COUNTERS_RAISED as COUNTERS,
  type ListVersions,
  raisedVersions,
} from "../../tests/support/lists";
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

async function versions(): Promise<ListVersions> {
  const [row] = await sql`select content, counters from list_versions where id = 1`;
  return { content: Number(row.content), counters: Number(row.counters) };
}
const raised = (change: () => Promise<unknown>) => raisedVersions(versions, change);

test("a new track, an edit, visibility, a share and an unshare, and a deletion raise content; plays and downloads counters", async () => {
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
  expect(await raised(() => sql`update tracks set total_plays = total_plays + 1 where id = ${track}`)).toEqual(COUNTERS);
  expect(await raised(() => sql`update tracks set total_downloads = total_downloads + 1 where id = ${track}`)).toEqual(COUNTERS);
  expect(await raised(() => sql`delete from tracks where id = ${track}`)).toEqual(CONTENT);
  expect(await raised(() => sql`select * from tracks`)).toEqual({ content: false, counters: false });
});
