/**
 * The cache triggers, declared in src/server/db/triggers.ts and written once per dialect in the migrations, do the
 * same on both: one scenario of row changes (plain SQL both dialects read) runs on a migrated SQLite file and a
 * migrated PostgreSQL database, and after each step the versions and page rows the triggers keep must agree. Each
 * declared trigger's effect is also checked where its step runs, so two dialects that both lost a trigger fail too.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshPostgresDatabase, stopSharedPostgres } from "../../../tests/support/test-database";
import { openDatabase, openPostgres } from "./open";
import { CACHE_TRIGGERS, SEARCH_TRIGGERS, type TriggerEvent, type TriggerState } from "./triggers";

type Run = (text: string) => Promise<Array<Record<string, unknown>>>;

const folder = mkdtempSync(join(tmpdir(), "stemma-triggers-"));
const sqlite = openDatabase(join(folder, "stemma.db")).$client;
const runSqlite: Run = async (text) => sqlite.query(text).all() as Array<Record<string, unknown>>;
const postgresUrl = await freshPostgresDatabase();
await openPostgres(postgresUrl);
const postgres = new Bun.SQL(postgresUrl);
const runPostgres: Run = (text) => postgres.unsafe(text);

afterAll(async () => {
  sqlite.close();
  await postgres.close();
  await stopSharedPostgres();
  rmSync(folder, { recursive: true, force: true });
});

/** Words of the scenario's track, its owner and its stem, each looked up as a whole word in the search index. */
const PROBES = ["song", "2", "anna", "bass", "sub"];
const MATCHES = {
  sqlite: (word: string) => `select count(*) as n from "search_words" f join "search_documents" d on d."id" = f."rowid"
    where d."track_id" = 't1' and "search_words" match '"${word}"'`,
  postgresql: (word: string) =>
    `select count(*) as n from "search_documents" where "track_id" = 't1' and "document" @@ to_tsquery('simple', '${word}')`,
};

/** What the triggers keep: the track's page version, the lists' versions, the due and kept page keys, its words. */
async function observe(run: Run, dialect: keyof typeof MATCHES): Promise<TriggerState> {
  const [track] = await run(`select "page_version" from "tracks" where "id" = 't1'`);
  const [lists] = await run(`select "content" from "list_versions" where "id" = 1`);
  const due = await run(`select "key", "version" from "pages_due" order by "key"`);
  const kept = await run(`select "key" from "kept_pages" order by "key"`);
  return {
    pageVersion: track ? Number(track.page_version) : null,
    content: Number(lists?.content),
    due: due.map((row) => `${row.key}@${Number(row.version)}`),
    kept: kept.map((row) => String(row.key)),
    found: (await Promise.all(PROBES.map(async (word) => Number((await run(MATCHES[dialect](word)))[0]?.n ?? 0)))).flatMap(
      (count, index) => (count > 0 ? [PROBES[index] as string] : []),
    ),
  };
}

const now = Date.now();
const keptPage = (key: string) =>
  `insert into "kept_pages" ("key", "version", "build", "fills", "built_at", "etag", "content_type", "cache_control", "br", "gzip")
   values ('${key}', '0', 'b', '{}', ${now}, 'e', 'text/html', 'public', '', '')`;

/** Each step: the declared trigger it fires (table, event and which rows), and the SQL that fires it. */
const STEPS: Array<{ on: string; event: TriggerEvent; when?: string; sql: string[] }> = [
  {
    on: "tracks",
    event: "INSERT",
    when: "public and active",
    sql: [
      `insert into "users" ("id", "email", "username", "password_hash", "created_at") values ('u1', 'a@b.c', 'ann', 'x', ${now})`,
      `insert into "users" ("id", "email", "username", "password_hash", "created_at") values ('u2', 'b@b.c', 'bob', 'x', ${now})`,
      `insert into "tracks" ("id", "user_id", "title", "primary_artist_name", "original_format", "original_key",
         "license_id", "is_public", "created_at", "updated_at")
       select 't1', 'u1', 'Song', 'Ann', 'wav', 'k', "id", TRUE, ${now}, ${now} from "licenses" order by "id" limit 1`,
    ],
  },
  {
    on: "tracks",
    event: "UPDATE",
    when: "anything but the counters changed",
    sql: [`update "tracks" set "title" = 'Song 2' where "id" = 't1'`],
  },
  {
    on: "tracks",
    event: "UPDATE",
    when: "only the counters changed",
    sql: [`update "tracks" set "total_plays" = "total_plays" + 1, "like_count" = "like_count" + 1 where "id" = 't1'`],
  },
  {
    on: "list_versions",
    event: "UPDATE",
    when: "the content version changed",
    sql: [`update "list_versions" set "content" = "content" + 1 where "id" = 1`],
  },
  {
    on: "users",
    event: "UPDATE",
    when: "the username changed",
    sql: [`update "users" set "username" = 'anna' where "id" = 'u1'`],
  },
  {
    on: "users",
    event: "UPDATE",
    when: "anything but the username changed",
    sql: [`update "users" set "email" = 'anna@b.c', "session_version" = "session_version" + 1 where "id" = 'u1'`],
  },
  {
    on: "track_waveforms",
    event: "INSERT",
    sql: [`insert into "track_waveforms" ("track_id", "waveform_data") values ('t1', '[0,1]')`],
  },
  { on: "track_waveforms", event: "UPDATE", sql: [`update "track_waveforms" set "waveform_data" = '[0,0.5]'`] },
  {
    on: "stems",
    event: "INSERT",
    sql: [
      `insert into "stems" ("id", "track_id", "name", "type", "index", "original_format", "file_key", "created_at")
       values ('s1', 't1', 'Bass', 'bass', 0, 'wav', 's', ${now})`,
    ],
  },
  { on: "stems", event: "UPDATE", sql: [`update "stems" set "mp3_key" = 'm', "name" = 'Sub' where "id" = 's1'`] },
  { on: "stems", event: "DELETE", sql: [`delete from "stems" where "id" = 's1'`] },
  {
    on: "track_shares",
    event: "INSERT",
    sql: [`insert into "track_shares" ("track_id", "user_id", "created_at") values ('t1', 'u2', ${now})`],
  },
  { on: "track_shares", event: "DELETE", sql: [`delete from "track_shares" where "track_id" = 't1'`] },
  {
    on: "conversions",
    event: "INSERT",
    sql: [
      `insert into "conversions" ("id", "track_id", "target", "format", "created_at", "updated_at")
       values ('c1', 't1', 'full', 'wav', ${now}, ${now})`,
    ],
  },
  { on: "conversions", event: "UPDATE", sql: [`update "conversions" set "status" = 'COMPLETED' where "id" = 'c1'`] },
  { on: "conversions", event: "DELETE", sql: [`delete from "conversions" where "id" = 'c1'`] },
  {
    on: "tracks",
    event: "UPDATE",
    when: "no longer public",
    sql: [
      keptPage("/track/t1"),
      keptPage("/api/track/t1"),
      keptPage("/embed/track/t1"),
      keptPage("/embed/track/t1?theme=dark"),
      `update "tracks" set "is_public" = FALSE where "id" = 't1'`,
    ],
  },
  {
    on: "tracks",
    event: "DELETE",
    sql: [
      `update "tracks" set "is_public" = TRUE where "id" = 't1'`,
      keptPage("/track/t1"),
      keptPage("/embed/track/t1?theme=dark"),
      `delete from "tracks" where "id" = 't1'`,
    ],
  },
];

/** Runs the scenario, observing before it and after each step. */
async function scenario(run: Run, dialect: keyof typeof MATCHES): Promise<TriggerState[]> {
  // The list versions' row and the home pages' due rows from earlier migrations are the same on both, but not
  // part of what a step did: start from none due.
  await run(`delete from "pages_due"`);
  const observed = [await observe(run, dialect)];
  for (const step of STEPS) {
    for (const text of step.sql) await run(text);
    observed.push(await observe(run, dialect));
  }
  return observed;
}

type Change = { on: string; event: TriggerEvent; when?: string };
const name = (change: Change) => `${change.on} ${change.event}${change.when ? ` (${change.when})` : ""}`;
const fires = (step: Change, trigger: Change) => name(step) === name(trigger);

const onSqlite = await scenario(runSqlite, "sqlite");
const onPostgres = await scenario(runPostgres, "postgresql");

test("every step leaves the same versions and page rows on SQLite and PostgreSQL", () => {
  for (const [index, step] of STEPS.entries())
    expect({ step: name(step), ...onPostgres[index + 1] }).toEqual({
      step: name(step),
      ...(onSqlite[index + 1] as TriggerState),
    });
});

test("the scenario fires every declared trigger, and each does what it is declared to", () => {
  for (const trigger of CACHE_TRIGGERS) {
    const index = STEPS.findIndex((step) => fires(step, trigger));
    expect(index, `no step fires ${name(trigger)}`).toBeGreaterThanOrEqual(0);
    for (const [dialect, observed] of [
      ["SQLite", onSqlite],
      ["PostgreSQL", onPostgres],
    ] as const)
      expect(
        trigger.check(observed[index] as TriggerState, observed[index + 1] as TriggerState),
        `${dialect}, ${name(trigger)}: ${trigger.does}`,
      ).toBe(true);
  }
});

test("the scenario fires every declared search trigger, and each does what it is declared to", () => {
  for (const trigger of SEARCH_TRIGGERS) {
    const index = STEPS.findIndex((step) => fires(step, trigger));
    expect(index, `no step fires ${name(trigger)}`).toBeGreaterThanOrEqual(0);
    for (const [dialect, observed] of [
      ["SQLite", onSqlite],
      ["PostgreSQL", onPostgres],
    ] as const)
      expect(
        trigger.check(observed[index] as TriggerState, observed[index + 1] as TriggerState),
        `${dialect}, ${name(trigger)}: ${trigger.does}`,
      ).toBe(true);
  }
});

test("each step is a declared trigger's", () => {
  for (const step of STEPS)
    expect(
      CACHE_TRIGGERS.some((trigger) => fires(step, trigger)),
      name(step),
    ).toBe(true);
});
