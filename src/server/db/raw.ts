import { db } from "./index";

/**
 * Rows of hand-written SQL with `$name` parameters, for the few hot queries where building them
 * through drizzle costs more than running them (lists). bun:sqlite caches each distinct text, so a
 * repeated query is prepared once. The one place a PostgreSQL driver maps `$name` to its own style.
 */
export async function allRaw<Row>(text: string, params: Record<string, string | number | null> = {}): Promise<Row[]> {
  return db.$client.query<Row, Record<string, string | number | null>>(text).all(params);
}
