/**
 * Opening and migrating a database, free of side effects so scripts can use them on databases other than
 * the server's (npm run migrate-to applies the server's own migrations to its target with `openPostgres`).
 */
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/bun-sql";
import { migrate as migratePostgres } from "drizzle-orm/bun-sql/migrator";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { ROOT } from "../paths";
import { nulSafe } from "./postgres-client";

const MIGRATIONS = join(ROOT, "migrations");
export const POSTGRES_MIGRATIONS = join(MIGRATIONS, "pg");
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
  const client = nulSafe(new Bun.SQL(url));
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

/** drizzle's PostgreSQL instance, as `openPostgres` opens it. */
export type PostgresDb = Awaited<ReturnType<typeof openPostgres>>;
