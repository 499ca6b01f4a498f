/**
 * In-memory fixed-window counters (one process). Used to slow password guessing: each failed
 * login counts against its IP and its account; a success clears the account's counter.
 */
export function createRateLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Whether `key` has used up its attempts in the current window. */
    blocked(key: string, now = Date.now()): boolean {
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= now) return false;
      return entry.count >= limit;
    },
    hit(key: string, now = Date.now()): void {
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= now) hits.set(key, { count: 1, resetAt: now + windowMs });
      else entry.count++;
      if (hits.size > 100_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    },
    reset(key: string): void {
      hits.delete(key);
    },
  };
}
