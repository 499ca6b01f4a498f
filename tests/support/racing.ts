import type { TestServer } from "./server";

/**
 * Sends `requests` so that each one checks before any of them writes, for rules that check the database and then
 * write. On PostgreSQL `table` is held against writes (reads still pass) until every request waits for a lock, then
 * let go. On SQLite there is one process and its transactions run one at a time; the requests are simply sent
 * together, and each reads the database before it awaits its files, while the others do the same.
 */
export async function racing<T>(server: TestServer, table: string, requests: () => Promise<T>[]): Promise<T[]> {
  if (!server.databaseUrl) return Promise.all(requests());
  const database = new Bun.SQL(server.databaseUrl);
  try {
    let started: Promise<T>[] = [];
    await database.begin(async (holder) => {
      await holder.unsafe(`lock table ${table} in exclusive mode`);
      started = requests();
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [row] = await database`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        if (row.n >= started.length) break;
        if (Date.now() > deadline) throw new Error(`only ${row.n} of ${started.length} requests reached ${table}`);
        await Bun.sleep(50);
      }
    });
    return await Promise.all(started);
  } finally {
    await database.close();
  }
}
