import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import { BackupRefused } from "./folder";
import { summarisePostgres, summariseTables, type TableSummary } from "./tables";

/**
 * A consistent copy of the live SQLite database into `target`, taken while the server keeps writing, and each
 * table's digest read from the copy: `VACUUM INTO` reads one transaction's view of the database, and in WAL mode
 * a reader never blocks writers (nor they it), so uploads and plays go on meanwhile. The copy is compact and has
 * no WAL of its own.
 */
export async function snapshotSqlite(dataDir: string, target: string): Promise<TableSummary[]> {
  const live = join(dataDir, "stemma.db");
  if (!existsSync(live)) throw new BackupRefused(`No database at ${live}: is DATA_DIR the server's?`);
  const db = new Database(live, { readonly: true });
  try {
    db.run("PRAGMA busy_timeout = 10000");
    db.run("VACUUM INTO ?", [target]);
  } finally {
    db.close();
  }
  const snapshot = new Database(target, { readonly: true });
  return summariseTables(snapshot).finally(() => snapshot.close());
}

export const PG_DUMP_MISSING =
  "The database is PostgreSQL and pg_dump is not on PATH: install PostgreSQL's client tools (the server's major version), or back the database up with your own tooling (pgBackRest, your provider's snapshots)";

/**
 * A consistent dump of the PostgreSQL database into `target` (pg_dump's custom format), and each table's digest
 * of that same state: one transaction exports its snapshot, pg_dump and the digests read in it, and writers go
 * on meanwhile (MVCC). The password goes to pg_dump through its environment, not its command line.
 */
export async function dumpPostgres(url: string, target: string): Promise<TableSummary[]> {
  const pgDump = Bun.which("pg_dump");
  if (!pgDump) throw new BackupRefused(PG_DUMP_MISSING);
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  const sql = new SQL(url, { max: 4 });
  const holder = await sql.reserve();
  try {
    await holder.unsafe("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const [exported] = await holder.unsafe<Array<{ id: string }>>("SELECT pg_export_snapshot() AS id");
    const snapshot = exported?.id as string;
    const dump = Bun.spawn(
      [
        pgDump,
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${target}`,
        `--dbname=${address}`,
      ],
      { env: { ...process.env, PGPASSWORD: password }, stdout: "ignore", stderr: "pipe" },
    );
    const [code, errors] = await Promise.all([dump.exited, new Response(dump.stderr).text()]);
    if (code !== 0) throw new BackupRefused(`pg_dump failed: ${errors.trim()}`);
    return await summarisePostgres(sql, snapshot);
  } finally {
    await holder.unsafe("ROLLBACK").catch(() => {});
    holder.release();
    await sql.close();
  }
}
