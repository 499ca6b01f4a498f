import type { SQL } from "bun";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { POSTGRES_MIGRATIONS } from "../db/open";
import type { TablePlan } from "./plan";
import { rowText, targetColumnList } from "./rows";
import { quoteIdent } from "./target";

const SCRATCH_SCHEMA = "stemma_migrate_seeds";

/**
 * The rows the app's PostgreSQL migrations themselves insert (the licences, the list-version row), by
 * table, as `rowText`. A fresh target holds them before anything is copied, and the source may have moved
 * on from them (a version counter), so such a row is the migrations', not other data, and is overwritten
 * with the source's. Found by running the migrations in a scratch schema inside a transaction that is
 * rolled back, so nothing of it stays.
 */
export async function seededRows(sql: SQL, plans: TablePlan[]): Promise<Map<string, Set<string>>> {
  const seeded = new Map<string, Set<string>>();
  const connection = await sql.reserve();
  try {
    await connection.unsafe("BEGIN");
    // The app's schema stays on the path after the scratch one: extensions (unaccent, pg_trgm: migration pg/0014)
    // exist once per database, where the real migrations created them, and `CREATE EXTENSION IF NOT EXISTS` skips.
    const [{ schema }] = await connection.unsafe("SELECT current_schema() AS schema");
    await connection.unsafe(`CREATE SCHEMA ${SCRATCH_SCHEMA}`);
    await connection.unsafe(`SET LOCAL search_path TO ${SCRATCH_SCHEMA}, ${quoteIdent(schema)}`);
    for (const migration of readMigrationFiles({ migrationsFolder: POSTGRES_MIGRATIONS })) {
      for (const statement of migration.sql) if (statement.trim()) await connection.unsafe(statement);
    }
    for (const plan of plans) {
      const rows = await connection.unsafe(`SELECT ${targetColumnList(plan)} FROM ${quoteIdent(plan.name)}`);
      if (rows.length) seeded.set(plan.name, new Set(rows.map((row: Record<string, unknown>) => rowText(plan, row))));
    }
  } finally {
    await connection.unsafe("ROLLBACK").catch(() => {});
    connection.release();
  }
  return seeded;
}
