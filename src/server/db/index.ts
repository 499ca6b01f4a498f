import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/bun-sql";
import { migrate as migratePostgres } from "drizzle-orm/bun-sql/migrator";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { config } from "../config";

const MIGRATIONS = join(import.meta.dir, "../../../migrations");
const POSTGRES_MIGRATIONS = join(MIGRATIONS, "pg");
/** Any constant shared by every Stemma instance: the advisory lock that lets one of them migrate at a time. */
const MIGRATION_LOCK = 0x5737e4a;

/** Opens SQLite with the pragmas every connection needs and applies pending migrations. */
export function openDatabase(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}

/** The one database type repos are written against (drizzle's SQLite one; see `openPostgres`). */
export type Db = ReturnType<typeof openDatabase>;

/**
 * Connects to PostgreSQL and applies pending migrations. Instances booting together each wait for a
 * session-level advisory lock, held on a connection of its own, so exactly one applies them and the
 * others then find nothing left to do.
 */
export async function openPostgres(url: string) {
  const client = new Bun.SQL(url);
  const db = drizzlePostgres({ client });
  const lock = await client.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(db, { migrationsFolder: POSTGRES_MIGRATIONS });
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    lock.release();
  }
  return db;
}

/** The PostgreSQL instance under its own type when DATABASE_URL is set (transactions, raw queries), else null. */
export const postgresDb = config.databaseUrl ? await openPostgres(config.databaseUrl) : null;

/**
 * Repos are written once against the SQLite type. The PostgreSQL instance is cast to it: the tables are
 * real PostgreSQL tables at run time (db/columns.ts) and repos use only what both drivers share (awaited
 * query builders, `returning`, `onConflict…`, transactions through db/transaction.ts); drizzle types the two
 * drivers' results differently (SQLite's `.get()/.all()/.run()`), which is why the cast is needed at all.
 */
export const db: Db = postgresDb ? (postgresDb as unknown as Db) : openDatabase(join(config.dataDir, "stemma.db"));
