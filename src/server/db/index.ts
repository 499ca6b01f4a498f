import { join } from "node:path";
import { config } from "../config";
import { type Db, openDatabase, openPostgres } from "./open";

export type { Db };
export { openDatabase, openPostgres };

/** The PostgreSQL instance under its own type when DATABASE_URL is set (transactions, raw queries), else null. */
export const postgresDb = config.databaseUrl ? await openPostgres(config.databaseUrl) : null;

/**
 * Repos are written once against the SQLite type. The PostgreSQL instance is cast to it: the tables are
 * real PostgreSQL tables at run time (db/columns.ts) and repos use only what both drivers share (awaited
 * query builders, `returning`, `onConflict…`, transactions through db/transaction.ts); drizzle types the two
 * drivers' results differently (SQLite's `.get()/.all()/.run()`), which is why the cast is needed at all.
 */
export const db: Db = postgresDb ? (postgresDb as unknown as Db) : openDatabase(join(config.dataDir, "stemma.db"));
