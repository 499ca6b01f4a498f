/**
 * SQLite and PostgreSQL find the same things: one corpus seeded on a server of each dialect, one shared set of
 * queries (accents, case, prefixes, word order, CJK, punctuation, FTS syntax, filters, every type) asked by every
 * kind of caller, and each answer compared as the set of fixture keys found. (Relevance scores differ by design,
 * bm25 against ts_rank for artists: the order within their page is each dialect's own; search.test.ts holds both to
 * its rules.) Tracks and stems by relevance are one order on both (relevance.ts): the Undertow family's queries
 * compare the order itself, with each stem's count of forks.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call } from "../../tests/support/api";
import { startServer, type TestServer } from "../../tests/support/server";
import { freshPostgresDatabase } from "../../tests/support/test-database";
import { type Corpus, type ForkFamily, seedCorpus, seedForkFamily } from "../../tests/support/track-corpus";

const QUERIES = [
  "q=caf%C3%A9",
  "q=CAF%C3%89",
  "q=cafe",
  "q=Caf",
  "q=c",
  "q=zo%C3%AB%20keating",
  "q=keating%20zoe",
  "q=mar%20del",
  "q=%E6%9D%B1%E4%BA%AC", // 東京
  "q=%E4%BA%AC%E3%81%AE%E5%A4%9C", // 京の夜
  "q=%E3%81%AE%E5%90%8D%E6%9B%B2", // の名曲
  "q=%E5%90%8D%E6%9B%B2", // 名曲
  "q=AC%2FDC",
  "q=lo-fi",
  "q=don't",
  "q=rock%27n%27roll",
  "q=%22%2A%20NEAR(%20-%20%3A", // " * NEAR( - :
  "q=title%3Abass",
  "q=b%C3%A4ss",
  "q=bassline",
  "q=midnight",
  "q=secret",
  "q=xylophone",
  "q=whispered",
  "q=ghost",
  "q=midnight&sortField=title",
  "q=midnight&bpmMin=1",
  "q=caf&license=remixable",
  "q=caf&license=commercial",
  "genre=jazz",
  "hasStems=true",
  "stemType=bass",
  "format=flac",
  "q=odyssey&type=stems",
  "q=bass&type=stems",
  "q=midnight&type=artists",
  "q=zoe&type=artists",
  "q=%E5%A4%9C%E8%A1%8C&type=artists", // 夜行
];

let sqlite: TestServer;
let postgres: TestServer;
let corpora: [Corpus, Corpus];
let families: [ForkFamily, ForkFamily];

beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([
    startServer({ env: { DATABASE_URL: "" } }),
    freshPostgresDatabase().then((url) => startServer({ env: { DATABASE_URL: url } })),
  ]);
  corpora = await Promise.all([seedCorpus(sqlite), seedCorpus(postgres)]);
}, 120_000);
beforeAll(async () => {
  families = await Promise.all([seedForkFamily(sqlite, corpora[0]), seedForkFamily(postgres, corpora[1])]);
}, 120_000);

/** A track's fixture key on the server of `corpus` (a member of the Undertow family by its name). */
function keyOn(corpus: Corpus, id: string): string {
  const family = families[corpora.indexOf(corpus)] as ForkFamily;
  return Object.entries(family).find(([, familyId]) => familyId === id)?.[0] ?? corpus.keyOf(id);
}
afterAll(async () => {
  await Promise.all([sqlite?.stop(), postgres?.stop()]);
});

/** What a query found on one server, by fixture key (artists by name), and the caller's name in keys. */
async function found(
  server: TestServer,
  corpus: Corpus,
  query: string,
  caller: "visitor" | "alice" | "bob" | "carol",
  inOrder = false,
) {
  const token = caller === "visitor" ? undefined : corpus[caller].token;
  const reply = await call<{ items: Array<{ id?: string; name?: string; track?: { id: string }; alsoInForks?: number }> }>(
    server,
    "GET",
    `/search?${query}&limit=100`,
    { token },
  );
  expect(reply.status, `${query}: ${JSON.stringify(reply.body)}`).toBe(200);
  const usernames = new Map(
    [corpus.alice, corpus.bob, corpus.carol].map((session, index) => [session.user.username, `user${index}`]),
  );
  const keys = reply.body.items.map((item) =>
    item.track
      ? `${keyOn(corpus, item.track.id)}/${item.name} +${item.alsoInForks}`
      : item.id
        ? keyOn(corpus, item.id)
        : (usernames.get(item.name ?? "") ?? item.name),
  );
  return inOrder ? keys : keys.sort();
}

test("both dialects find the same tracks, stems and artists for every query and caller", async () => {
  const differences: string[] = [];
  let nonEmpty = 0;
  for (const query of QUERIES)
    for (const caller of ["visitor", "alice", "bob", "carol"] as const) {
      const [onSqlite, onPostgres] = await Promise.all([
        found(sqlite, corpora[0], query, caller),
        found(postgres, corpora[1], query, caller),
      ]);
      if (onSqlite.length) nonEmpty += 1;
      if (JSON.stringify(onSqlite) !== JSON.stringify(onPostgres))
        differences.push(`${query} as ${caller}: SQLite ${JSON.stringify(onSqlite)}, PostgreSQL ${JSON.stringify(onPostgres)}`);
    }
  expect(differences).toEqual([]);
  // The set is no comparison of empty answers.
  expect(nonEmpty).toBeGreaterThan(QUERIES.length * 2);
}, 120_000);

/** Queries over originals and forks whose order is held, not only their results. */
const ORDERED = [
  "q=undertow",
  "q=undert",
  "q=undertow%20dub",
  "q=undertow&type=stems",
  "q=dub&type=stems",
  "q=undertow&type=stems&sortField=title",
  "type=stems&stemType=drums&bpmMin=120&bpmMax=130",
];

test("both dialects give the same order: the exact title first, originals before forks, a shared stem once", async () => {
  const differences: string[] = [];
  for (const query of ORDERED)
    for (const caller of ["visitor", "bob", "carol"] as const) {
      const [onSqlite, onPostgres] = await Promise.all([
        found(sqlite, corpora[0], query, caller, true),
        found(postgres, corpora[1], query, caller, true),
      ]);
      if (JSON.stringify(onSqlite) !== JSON.stringify(onPostgres))
        differences.push(`${query} as ${caller}: SQLite ${JSON.stringify(onSqlite)}, PostgreSQL ${JSON.stringify(onPostgres)}`);
    }
  expect(differences).toEqual([]);
  // What both agree on is the rule: the original "Undertow" first, its drums once, carol's private fork counted for her.
  expect((await found(sqlite, corpora[0], "q=undertow", "visitor", true))[0]).toBe("undertow");
  expect(await found(sqlite, corpora[0], "type=stems&stemType=drums&bpmMin=120&bpmMax=130", "carol", true)).toEqual([
    "blues/Drums +0",
    "undertow/Drums +4",
    "stems/Kick Loop +0",
  ]);
}, 120_000);
