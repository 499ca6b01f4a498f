import { and, eq, lt, sql } from "drizzle-orm";
import { db } from "../db";
import { rateLimitWindows as windows } from "./rate-limit-schema";

/** How often a process sweeps every limiter's expired windows out of the table. */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/**
 * Fixed-window counters kept in the database, so every instance sees the same counts: a window is the
 * `windowMs`-long slice of time holding `now`, and `key` has `limit` hits in each. Used to slow password
 * guessing (each failed login counts against its IP and its account; a success clears the account's
 * counter) and to cap visitors' play counts per address. `name` keeps limiters' keys apart.
 */
export function createRateLimiter(name: string, limit: number, windowMs: number) {
  const rowKey = (key: string) => `${name}:${key}`;
  const windowStart = (now: number) => now - (now % windowMs);
  return {
    /** Whether `key` has used up its attempts in the current window. */
    async blocked(key: string, now = Date.now()): Promise<boolean> {
      const [row] = await db()
        .select({ count: windows.count })
        .from(windows)
        .where(and(eq(windows.key, rowKey(key)), eq(windows.windowStart, windowStart(now))));
      return (row?.count ?? 0) >= limit;
    },
    async hit(key: string, now = Date.now()): Promise<void> {
      const start = windowStart(now);
      await db()
        .insert(windows)
        .values({ key: rowKey(key), windowStart: start, expiresAt: start + windowMs, count: 1 })
        .onConflictDoUpdate({ target: [windows.key, windows.windowStart], set: { count: sql`${windows.count} + 1` } });
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        await db().delete(windows).where(lt(windows.expiresAt, now));
      }
    },
    async reset(key: string): Promise<void> {
      await db()
        .delete(windows)
        .where(eq(windows.key, rowKey(key)));
    },
  };
}
