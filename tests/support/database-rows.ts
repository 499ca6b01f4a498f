import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { TestServer } from "./server";

/** Where a test server keeps its rows: its SQLite file in dataDir, or its PostgreSQL database. */
type Rows = Pick<TestServer, "dataDir" | "databaseUrl">;

/**
 * Counts rows straight in a test server's database (its SQLite file, or its PostgreSQL database), for state no
 * API shows any more. `where` is fixed SQL with one `?` for `value`.
 */
export async function countRows(server: Rows, table: string, where: string, value: string): Promise<number> {
  const [row] = await runSql<{ n: number | string }>(server, `select count(*) as n from ${table} where ${where}`, value);
  // PostgreSQL's count is a bigint, which arrives as text.
  return Number(row?.n ?? 0);
}

/**
 * One client per PostgreSQL database, so tests polling its rows reuse a connection: a new one costs about 170 ms
 * here, which made every poll of a cluster test wait that long. An idle connection closes after a few seconds.
 */
const postgresClients = new Map<string, InstanceType<typeof Bun.SQL>>();
function postgresClient(url: string): InstanceType<typeof Bun.SQL> {
  let client = postgresClients.get(url);
  if (!client) {
    client = new Bun.SQL(url, { max: 2, idleTimeout: 5 });
    postgresClients.set(url, client);
  }
  return client;
}

/**
 * Runs fixed SQL with `?` placeholders straight on a test server's database (stopped or killed first
 * when it writes), for state the API neither shows nor makes (a crash's leftovers).
 */
export async function runSql<T>(server: Rows, query: string, ...values: Array<string | number>): Promise<T[]> {
  if (server.databaseUrl) {
    let n = 0;
    return (await postgresClient(server.databaseUrl).unsafe(
      query.replace(/\?/g, () => `$${++n}`),
      values,
    )) as T[];
  }
  const sqlite = new Database(join(server.dataDir, "stemma.db"));
  // A running server may hold the write lock for a moment: wait for it, as the server's own connections do.
  sqlite.exec("PRAGMA busy_timeout = 5000");
  try {
    return sqlite.query(query).all(...values) as T[];
  } finally {
    sqlite.close();
  }
}
