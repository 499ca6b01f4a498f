import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { TestServer } from "./server";

/**
 * Counts rows straight in a test server's database (its SQLite file, or its PostgreSQL database), for state no
 * API shows any more. `where` is fixed SQL with one `?` for `value`.
 */
export async function countRows(server: TestServer, table: string, where: string, value: string): Promise<number> {
  if (server.databaseUrl) {
    const sql = new Bun.SQL(server.databaseUrl);
    try {
      const [row] = await sql.unsafe(`select count(*)::int as n from ${table} where ${where.replace("?", "$1")}`, [value]);
      return row.n;
    } finally {
      await sql.close();
    }
  }
  const sqlite = new Database(join(server.dataDir, "stemma.db"), { readonly: true });
  try {
    return (sqlite.query(`select count(*) as n from ${table} where ${where}`).get(value) as { n: number }).n;
  } finally {
    sqlite.close();
  }
}
