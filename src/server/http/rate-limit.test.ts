/** The database-backed fixed windows of rate-limit.ts, against a real migrated database. */
import { afterAll, expect, test } from "bun:test";
import { like } from "drizzle-orm";
import { openTestDatabase } from "../../../tests/support/in-process-database";
import { createRateLimiter } from "./rate-limit";
import { rateLimitWindows } from "./rate-limit-schema";

const db = await openTestDatabase("rate-limit");

// bun test may run several files on one database: these keys are this run's alone, removed afterwards.
const run = crypto.randomUUID();
afterAll(async () => {
  await db.delete(rateLimitWindows).where(like(rateLimitWindows.key, `${run}%`));
});

const WINDOW = 60_000;
const start = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW);

test("a key is blocked once it has `limit` hits in the window, and free again in the next window", async () => {
  const limiter = createRateLimiter(`${run}-a`, 3, WINDOW);
  for (let hit = 0; hit < 3; hit++) {
    expect(await limiter.blocked("ip:1", start + hit)).toBe(false);
    await limiter.hit("ip:1", start + hit);
  }
  expect(await limiter.blocked("ip:1", start + 10)).toBe(true);
  expect(await limiter.blocked("ip:2", start + 10)).toBe(false);
  expect(await limiter.blocked("ip:1", start + WINDOW)).toBe(false);
});

test("hits at once all count (one upserted row per key and window)", async () => {
  const limiter = createRateLimiter(`${run}-b`, 20, WINDOW);
  await Promise.all(Array.from({ length: 20 }, () => limiter.hit("ip:1", start)));
  expect(await limiter.blocked("ip:1", start)).toBe(true);
  const rows = await db
    .select()
    .from(rateLimitWindows)
    .where(like(rateLimitWindows.key, `${run}-b:%`));
  expect(rows.map((row) => ({ key: row.key, count: row.count }))).toEqual([{ key: `${run}-b:ip:1`, count: 20 }]);
});

test("reset clears a key; limiters with different names never share counts", async () => {
  const login = createRateLimiter(`${run}-c`, 1, WINDOW);
  const plays = createRateLimiter(`${run}-d`, 1, WINDOW);
  await login.hit("k", start);
  expect(await login.blocked("k", start)).toBe(true);
  expect(await plays.blocked("k", start)).toBe(false);
  await login.reset("k");
  expect(await login.blocked("k", start)).toBe(false);
});

test("windows that have ended are swept from the table", async () => {
  const limiter = createRateLimiter(`${run}-e`, 5, WINDOW);
  await limiter.hit("old", start);
  // A hit a day later sweeps (at most once a minute per process; a day is well past that).
  await limiter.hit("new", start + 86_400_000);
  const keys = (
    await db
      .select()
      .from(rateLimitWindows)
      .where(like(rateLimitWindows.key, `${run}-e:%`))
  ).map((r) => r.key);
  expect(keys).toEqual([`${run}-e:new`]);
});
