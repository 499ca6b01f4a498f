import { bigInt, index, int, primaryKey, table, text } from "../db/columns";

/**
 * Fixed-window counters shared by every instance (rate-limit.ts): one row per key and window, upserted on
 * each hit. `key` carries its limiter's name (`login-ip:…`), so limiters share the table.
 */
export const rateLimitWindows = table(
  "rate_limit_windows",
  {
    key: text("key").notNull(),
    /** The window's start, in ms since 1970: a multiple of the limiter's window length. */
    windowStart: bigInt("window_start").notNull(),
    /** When the window ends (ms); expired rows are swept. */
    expiresAt: bigInt("expires_at").notNull(),
    count: int("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_windows_expires_idx").on(t.expiresAt)],
);
