/**
 * Keyset paging against a real migrated SQLite file: every sort, both directions, ties, NULL durations,
 * and tracks added or deleted between pages. The reference order is one plain ORDER BY over the table.
 */
import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openTestDatabase, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { trackShares, tracks } from "../tracks/schema";
import { SORT_DIRECTIONS, SORT_FIELDS, type TrackPage } from "./model";
import { listDeletedTracks, listTracks } from "./service";

const db = await openTestDatabase("lists");
type Viewer = import("../auth/service").Viewer;
type ListName = import("./service").ListName;

const licenseId = seededLicenseId(db);
const [alice, bob] = seedUsers(db, ["alice", "bob"]) as [Viewer, Viewer];

// Few distinct values, so every sort has many ties; mixed case checks the case-insensitive order.
const TITLES = ["alpha", "Alpha", "beta", "Émile", "zeta", "Zulu"];
const ARTISTS = ["Ann", "ann", "Bo", "Çelik"];
const DURATIONS = [null, 1.5, 30, 1.5, null, 200];
const BASE_TIME = Date.UTC(2024, 0, 1);
let serial = 0;

function insertTrack(owner: Viewer, overrides: Partial<typeof tracks.$inferInsert> = {}): string {
  const n = serial++;
  const row = db
    .insert(tracks)
    .values({
      userId: owner.id,
      title: TITLES[n % TITLES.length] as string,
      primaryArtistName: ARTISTS[n % ARTISTS.length] as string,
      duration: DURATIONS[n % DURATIONS.length],
      originalFormat: "wav",
      originalKey: `k${n}`,
      licenseId,
      isPublic: n % 3 !== 0,
      // Ties in every count (the most liked sort).
      likeCount: n % 4,
      // Three tracks share each millisecond.
      createdAt: new Date(BASE_TIME + Math.floor(n / 3)),
      ...overrides,
    })
    .returning({ id: tracks.id })
    .get();
  return row.id;
}

const ownerOf = (i: number) => (i % 2 ? alice : bob);
for (let i = 0; i < 40; i++) insertTrack(ownerOf(i));
const alicePrivate = db
  .select({ id: tracks.id })
  .from(tracks)
  .where(sql`${tracks.userId} = ${alice.id} and ${tracks.isPublic} = 0`)
  .all();
for (const { id } of alicePrivate.slice(0, 4)) db.insert(trackShares).values({ trackId: id, userId: bob.id }).run();

const ORDER_SQL = {
  createdAt: sql`created_at`,
  duration: sql`duration`,
  title: sql`lower(title)`,
  primaryArtistName: sql`lower(primary_artist_name)`,
  likeCount: sql`like_count`,
};
function referenceOrder(field: (typeof SORT_FIELDS)[number], direction: "asc" | "desc"): string[] {
  const dir = direction === "asc" ? sql`asc` : sql`desc`;
  return db.all<{ id: string }>(sql`select id from tracks order by ${ORDER_SQL[field]} ${dir}, id ${dir}`).map((row) => row.id);
}

const setStatus = (id: string, status: "ACTIVE" | "PENDING_DELETION" | "DELETED") =>
  db.update(tracks).set({ status }).where(sql`${tracks.id} = ${id}`).run();
const activeIds = () => new Set(db.all<{ id: string }>(sql`select id from tracks where status = 'ACTIVE'`).map((r) => r.id));

/** Pages through a list with limit 4, changing the table after every page; returns the ids seen. */
async function pageThrough(read: (cursor?: string) => ReturnType<typeof listTracks>, churn: (page: number) => void) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = JSON.parse(await read(cursor)) as TrackPage;
    seen.push(...result.items.map((item) => item.id));
    if (!result.metadata.nextCursor) return seen;
    cursor = result.metadata.nextCursor;
    churn(page);
  }
  throw new Error("paging did not end");
}

const LISTS: [ListName, Viewer | null][] = [
  ["public", null],
  ["own", alice],
  ["shared", bob],
  ["available", bob],
];

describe.each(LISTS)("%s list", (list, viewer) => {
  for (const field of SORT_FIELDS)
    for (const direction of SORT_DIRECTIONS)
      test(`${field} ${direction}: no repeats, no skips, order kept while tracks come and go`, async () => {
        const before = activeIds();
        const deletedDuringPaging = new Set<string>();
        const added: string[] = [];
        const seen = await pageThrough(
          (cursor) => listTracks(list, viewer, { cursor, limit: 4, sortField: field, sortDirection: direction }),
          (page) => {
            // Every page: a new track appears for everyone, and one not-yet-seen plus one seen track go away.
            added.push(insertTrack(page % 2 ? alice : bob, { isPublic: true, createdAt: new Date(BASE_TIME + serial) }));
            const victims = [...activeIds()].filter((id) => before.has(id) && !deletedDuringPaging.has(id));
            for (const id of [victims[(page * 3) % victims.length], victims.at(-1 - page)]) {
              if (!id) continue;
              setStatus(id, "PENDING_DELETION");
              deletedDuringPaging.add(id);
            }
          },
        );
        expect(new Set(seen).size).toBe(seen.length);
        const reference = referenceOrder(field, direction);
        const positions = seen.map((id) => reference.indexOf(id));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        // Everything that was in this list before paging and stayed active was shown.
        const stable = (await listAllAtOnce(list, viewer)).filter((id) => before.has(id) && !deletedDuringPaging.has(id));
        for (const id of stable) expect(seen).toContain(id);
        // Back to the starting table, so every test pages through the same data.
        for (const id of deletedDuringPaging) setStatus(id, "ACTIVE");
        for (const id of added) db.delete(tracks).where(sql`${tracks.id} = ${id}`).run();
      });
});

/** The whole list, paged with the largest limit and no changes in between. */
function listAllAtOnce(list: ListName, viewer: Viewer | null): Promise<string[]> {
  return pageThrough(
    (cursor) => listTracks(list, viewer, { cursor, limit: 100 }),
    () => {},
  );
}

describe("what each list holds", () => {
  test("public: only public active tracks; own: only mine; shared: only shared with me; available: their union", async () => {
    const all = db.select().from(tracks).all();
    const active = all.filter((t) => t.status === "ACTIVE");
    const publicIds = active.filter((t) => t.isPublic).map((t) => t.id);
    const sharedWithBob = new Set(db.all<{ track_id: string }>(sql`select track_id from track_shares`).map((r) => r.track_id));
    expect((await listAllAtOnce("public", null)).sort()).toEqual(publicIds.sort());
    expect((await listAllAtOnce("own", alice)).sort()).toEqual(
      active
        .filter((t) => t.userId === alice.id)
        .map((t) => t.id)
        .sort(),
    );
    expect((await listAllAtOnce("shared", bob)).sort()).toEqual(
      active
        .filter((t) => sharedWithBob.has(t.id))
        .map((t) => t.id)
        .sort(),
    );
    const available = active.filter((t) => t.isPublic || t.userId === bob.id || sharedWithBob.has(t.id));
    expect((await listAllAtOnce("available", bob)).sort()).toEqual(available.map((t) => t.id).sort());
    // Alice's private tracks not shared with Bob never reach him.
    const hidden = active.filter((t) => t.userId === alice.id && !t.isPublic && !sharedWithBob.has(t.id));
    expect(hidden.length).toBeGreaterThan(0);
    const availableToBob = await listAllAtOnce("available", bob);
    for (const track of hidden) expect(availableToBob).not.toContain(track.id);
  });

  test("deleted and pending-deletion tracks never appear; the admin list shows them by status", async () => {
    const [pending, deleted] = [insertTrack(alice, { isPublic: true }), insertTrack(alice, { isPublic: true })];
    setStatus(pending as string, "PENDING_DELETION");
    setStatus(deleted as string, "DELETED");
    for (const [list, viewer] of LISTS) {
      const shown = await listAllAtOnce(list, viewer);
      expect(shown).not.toContain(pending);
      expect(shown).not.toContain(deleted);
    }
    const ids = async (status?: "PENDING_DELETION" | "DELETED") =>
      (JSON.parse(await listDeletedTracks({ limit: 100, status })) as TrackPage).items.map((item) => item.id);
    expect(await ids("PENDING_DELETION")).toContain(pending);
    expect(await ids("PENDING_DELETION")).not.toContain(deleted);
    expect(await ids("DELETED")).toEqual([deleted]);
    expect(await ids()).toContain(pending);
    expect(await ids()).toContain(deleted);
  });
});
