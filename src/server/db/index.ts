import { join } from "node:path";
import type { Config } from "../config";
import { runtime } from "../runtime";
import { type Db, openDatabase, openPostgres, type PostgresDb } from "./open";

export type { Db, PostgresDb };
export { openDatabase, openPostgres };

/**
 * Opens the database the settings name: PostgreSQL when DATABASE_URL is set, else DATA_DIR/stemma.db. Repos are
 * written once against the SQLite type, and the PostgreSQL instance is cast to it: the tables are real PostgreSQL
 * tables at run time (db/columns.ts) and repos use only what both drivers share (awaited query builders,
 * `returning`, `onConflict…`, transactions through db/transaction.ts); drizzle types the two drivers' results
 * differently (SQLite's `.get()/.all()/.run()`), which is why the cast is needed at all.
 */
export async function openAppDatabase(config: Config): Promise<{ db: Db; postgresDb: PostgresDb | null }> {
  const postgresDb = config.databaseUrl ? await openPostgres(config.databaseUrl) : null;
  const db = postgresDb ? (postgresDb as unknown as Db) : openDatabase(join(config.dataDir, "stemma.db"));
  return { db, postgresDb };
}

/** The installed runtime's database (src/server/runtime.ts). */
export const db = (): Db => runtime().db;

/** The installed runtime's PostgreSQL instance under its own type, or null on SQLite. */
export const postgresDb = (): PostgresDb | null => runtime().postgresDb;
