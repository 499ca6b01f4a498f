import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { TestServer } from "./server";

/**
 * Counts rows straight in a test server's database (its SQLite file, or its PostgreSQL database), for state no
 * API shows any more. `where` is fixed SQL with one `?` for `value`.
 */
export async function countRows(server: TestServer, table: string, where: string, value: string): Promise<number> {
  const [row] = await runSql<{ n: number | string }>(server, `select count(*) as n from ${table} where ${where}`, value);
  // PostgreSQL's count is a bigint, which arrives as text.
  return Number(row?.n ?? 0);
}

/**
 * Runs fixed SQL with `?` placeholders straight on a test server's database (stopped or killed first
 * when it writes), for state the API neither shows nor makes (a crash's leftovers).
 */
export async function runSql<T>(server: TestServer, query: string, ...values: Array<string | number>): Promise<T[]> {
  if (server.databaseUrl) {
    const sql = new Bun.SQL(server.databaseUrl);
    try {
      let n = 0;
      return (await sql.unsafe(
        query.replace(/\?/g, () => `$${++n}`),
        values,
      )) as T[];
    } finally {
      await sql.close();
    }
  }
  const sqlite = new Database(join(server.dataDir, "stemma.db"));
  try {
    return sqlite.query(query).all(...values) as T[];
  } finally {
    sqlite.close();
  }
}
