/**
 * List speed: 100,000 tracks in SQLite; every list × sort × direction with limit 20, first page and a
 * page deep in the list (cursor from page 50). Reports p50/p99 in ms per case and exits 1 when any p99
 * is over the 10 ms budget. Measures the service call (query, merge, item view), not HTTP.
 * Run: bun bench/lists.ts  (TRACKS=… ROUNDS=… to change the size).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TRACK_COUNT = Number(process.env.TRACKS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const BUDGET_MS = 10;

const dataDir = mkdtempSync(join(tmpdir(), "stemma-bench-lists-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";
const { db } = await import("../src/server/db");
const { listTracks, listDeletedTracks } = await import("../modules/lists/service");
const { SORT_FIELDS, SORT_DIRECTIONS } = await import("../modules/tracks/service");
type Viewer = import("../modules/auth/service").Viewer;

/** 1,000 users; one "listener" owns 1,000 tracks and has 300 shared with it. 70 % public, 3 % deleted, 5 % unmeasured. */
function seed(): Viewer {
  const sqlite = db.$client;
  const licenseId = (sqlite.query("select id from licenses limit 1").get() as { id: string }).id;
  const userIds = Array.from({ length: 1000 }, () => crypto.randomUUID());
  const insertUser = sqlite.prepare(
    "insert into users (id, email, username, password_hash, role, created_at) values (?, ?, ?, 'x', ?, ?)",
  );
  const insertTrack = sqlite.prepare(
    `insert into tracks (id, user_id, title, primary_artist_name, duration, original_format, original_key, license_id,
     is_public, status, created_at, updated_at, genre_names) values (?, ?, ?, ?, ?, 'wav', ?, ?, ?, ?, ?, ?, '[]')`,
  );
  const insertShare = sqlite.prepare("insert into track_shares (track_id, user_id, created_at) values (?, ?, ?)");
  const words = ["Night", "bus", "Glass", "harbour", "Rust", "rain", "Opening", "signal", "Café", "tide", "Long", "way"];
  const pick = (n: number) => words[n % words.length] as string;
  const start = Date.UTC(2020, 0, 1);
  sqlite.transaction(() => {
    userIds.forEach((id, n) => {
      insertUser.run(id, `u${n}@example.com`, `user${n}`, n === 0 ? "ADMIN" : "USER", start);
    });
    const listener = userIds[1] as string;
    for (let n = 0; n < TRACK_COUNT; n++) {
      const id = crypto.randomUUID();
      const owner = n % 100 === 0 ? listener : (userIds[n % userIds.length] as string);
      const status = n % 33 === 0 ? (n % 2 ? "DELETED" : "PENDING_DELETION") : "ACTIVE";
      const duration = n % 20 === 0 ? null : (n * 7919) % 600;
      const createdAt = start + Math.floor(n / 2) * 1000; // pairs share a timestamp
      insertTrack.run(
        id,
        owner,
        `${pick(n)} ${pick(n >> 3)} ${n % 500}`,
        `${pick(n >> 5)} ${pick(n >> 7)}`,
        duration,
        `k${n}`,
        licenseId,
        n % 10 < 7 ? 1 : 0,
        status,
        createdAt,
        createdAt,
      );
      if (n % 333 === 1) insertShare.run(id, listener, createdAt);
    }
  })();
  sqlite.exec("analyze");
  return { id: userIds[1] as string, email: "u1@example.com", username: "user1", role: "USER" };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function measure(read: (cursor?: string) => { metadata: { nextCursor: string | null } }) {
  // The cursor of page 50 (or the last page there is), for a deep page.
  let deepCursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const next = read(deepCursor).metadata.nextCursor;
    if (!next) break;
    deepCursor = next;
  }
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cursor = round % 2 ? deepCursor : undefined;
    const begin = Bun.nanoseconds();
    read(cursor);
    times.push((Bun.nanoseconds() - begin) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const seedStart = performance.now();
const listener = seed();
console.log(
  `seeded ${TRACK_COUNT} tracks in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${ROUNDS} rounds per case`,
);

const rows: { list: string; sort: string; p50: string; p99: string }[] = [];
let worst = 0;
const lists = [
  ["public", null],
  ["own", listener],
  ["shared", listener],
  ["available", listener],
] as const;
for (const [list, viewer] of lists)
  for (const field of SORT_FIELDS)
    for (const direction of SORT_DIRECTIONS) {
      const result = measure((cursor) =>
        listTracks(list, viewer, { cursor, limit: 20, sortField: field, sortDirection: direction }),
      );
      worst = Math.max(worst, result.p99);
      rows.push({ list, sort: `${field} ${direction}`, p50: result.p50.toFixed(2), p99: result.p99.toFixed(2) });
    }
for (const field of ["title", "duration", "primaryArtistName"] as const)
  for (const direction of SORT_DIRECTIONS) {
    const result = measure((cursor) => listDeletedTracks({ cursor, limit: 20, sortField: field, sortDirection: direction }));
    worst = Math.max(worst, result.p99);
    rows.push({ list: "deleted", sort: `${field} ${direction}`, p50: result.p50.toFixed(2), p99: result.p99.toFixed(2) });
  }
console.table(rows);
console.log(`lists: worst p99 ${worst.toFixed(2)} ms (budget ${BUDGET_MS} ms) ${worst < BUDGET_MS ? "OK" : "OVER BUDGET"}`);
rmSync(dataDir, { recursive: true, force: true });
if (worst >= BUDGET_MS) process.exitCode = 1;
