/**
 * A list page costs the same number of queries whatever its size: one read per index range, one for the
 * versions of its cards, one for the rows, one batched username look-up and the licences. Counted at the SQLite driver (every statement run).
 */

import type { Statement } from "bun:sqlite";
import { expect, test } from "bun:test";
import { openTestRuntime, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";

// Cards are kept for no time (tracks' kept-list-items.ts), so every read makes all of its own: a page's whole cost.
const { db } = await openTestRuntime("lists-queries", { LIST_COUNTER_STALENESS_SECONDS: "0" });

/**
 * Every statement made from here on (the repos prepare theirs when first imported, below) counts its
 * runs; bun:sqlite gives each statement its own run methods, so they are wrapped one by one.
 */
let runs = 0;
const wrapped = new WeakSet<Statement>();
function counted<S extends Statement>(statement: S): S {
  // query() hands back its cached statement for the same SQL: wrap each statement once.
  if (wrapped.has(statement)) return statement;
  wrapped.add(statement);
  for (const name of ["all", "get", "values", "run", "iterate"] as const) {
    const original = statement[name].bind(statement) as (...args: unknown[]) => unknown;
    statement[name] = ((...args: unknown[]) => {
      runs++;
      return original(...args);
    }) as never;
  }
  return statement;
}
const client = db.$client;
const [prepare, query] = [client.prepare.bind(client), client.query.bind(client)];
client.prepare = ((...args: Parameters<typeof prepare>) => counted(prepare(...args))) as typeof prepare;
client.query = ((...args: Parameters<typeof query>) => counted(query(...args))) as typeof query;
const { tracks, trackShares } = await import("../tracks/schema");
const { listTracks } = await import("./service");
type Viewer = import("../auth/service").Viewer;

const licenseId = seededLicenseId(db);
// 30 owners, so a 20-item page names 20 different users.
const owners = seedUsers(
  db,
  Array.from({ length: 30 }, (_, n) => `user${n}`),
);
const listener = owners[0] as Viewer;
for (let n = 0; n < 60; n++) {
  const { id } = db
    .insert(tracks)
    .values({
      // The listener owns a third of them, so its own list fills a page too.
      userId: (n % 3 === 1 ? listener : (owners[n % owners.length] as Viewer)).id,
      title: `Track ${n}`,
      primaryArtistName: "Ann",
      originalFormat: "wav",
      originalKey: `k${n}`,
      licenseId,
      waveformPreview: [-0.5, 1],
      isPublic: n % 4 !== 0,
    })
    .returning()
    .get();
  if (n % 3 === 0) db.insert(trackShares).values({ trackId: id, userId: listener.id }).run();
}

/** Statements run by `read`. */
async function countQueries(read: () => Promise<unknown>): Promise<number> {
  const before = runs;
  await read();
  return runs - before;
}

test.each([
  ["public", null],
  ["own", listener],
  ["shared", listener],
  ["available", listener],
] as const)("the %s list runs as many queries for 20 items as for 2", async (list, viewer) => {
  const small = await countQueries(() => listTracks(list, viewer, { limit: 2 }));
  const large = await countQueries(async () => {
    const page = JSON.parse(await listTracks(list, viewer, { limit: 20 })) as import("./model").TrackPage;
    expect(page.items.length).toBeGreaterThan(2);
    // Many owners (all but the own list), so a per-item username look-up would show in the count.
    if (list !== "own") expect(new Set(page.items.map((item) => item.user.username)).size).toBeGreaterThan(2);
  });
  expect(small).toBeGreaterThan(0);
  expect(large).toBe(small);
});
