import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import type { TablePlan } from "../migrate/plan";
import { NOT_DATA, sourceTables } from "../migrate/source";
import { sourceDigest, targetDigest } from "../migrate/tables";
import { targetTables } from "../migrate/target";

export interface TableSummary {
  name: string;
  rows: number;
  sha256: string;
}

/**
 * migrate-to's table plans for a SQLite database against itself: each column normalised by its own declared type,
 * so a backup's snapshot and a restored database hash alike exactly when they hold the same rows.
 */
function sqlitePlans(db: Database): TablePlan[] {
  return sourceTables(db).map((table) => {
    const declared = new Map(
      db
        .query<{ name: string; type: string }, []>(`PRAGMA table_info("${table.name}")`)
        .all()
        .map((column) => [column.name, column.type.toLowerCase()]),
    );
    return {
      name: table.name,
      columns: table.columns,
      types: table.columns.map((column) => declared.get(column) ?? "text"),
      primaryKey: table.primaryKey,
      sequences: [],
      identity: false,
      triggers: false,
    };
  });
}

/** The row count and SHA-256 (migrate-to's, rows in primary-key order) of every application table. */
export async function summariseTables(db: Database): Promise<TableSummary[]> {
  const summaries: TableSummary[] = [];
  for (const plan of sqlitePlans(db)) summaries.push({ name: plan.name, ...(await sourceDigest(db, plan)) });
  return summaries;
}

/**
 * The same for a PostgreSQL database, each column normalised by its PostgreSQL type; with `snapshot`, the rows
 * of that exported snapshot (the one a backup's pg_dump wrote). Tables without a primary key (none of the app's)
 * have no order to hash in and are left out.
 */
export async function summarisePostgres(sql: SQL, snapshot?: string): Promise<TableSummary[]> {
  const summaries: TableSummary[] = [];
  const tables = [...(await targetTables(sql)).values()]
    .filter((table) => !NOT_DATA.test(table.name) && table.primaryKey.length)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const table of tables) {
    const columns = [...table.columns.values()];
    const plan: TablePlan = {
      name: table.name,
      columns: columns.map((column) => column.name),
      types: columns.map((column) => column.type),
      primaryKey: table.primaryKey,
      sequences: [],
      identity: false,
      triggers: false,
    };
    summaries.push({ name: table.name, ...(await targetDigest(sql, plan, snapshot)) });
  }
  return summaries;
}

/** Each table whose count or checksum differs from the manifest's, as a line for the operator. */
export function tableMismatches(expected: TableSummary[], actual: TableSummary[]): string[] {
  const found = new Map(actual.map((table) => [table.name, table]));
  const mismatches: string[] = [];
  for (const table of expected) {
    const got = found.get(table.name);
    if (!got) mismatches.push(`table ${table.name}: missing`);
    else if (got.rows !== table.rows)
      mismatches.push(`table ${table.name}: ${table.rows} rows in the manifest, ${got.rows} found`);
    else if (got.sha256 !== table.sha256) mismatches.push(`table ${table.name}: SHA-256 differs from the manifest's`);
  }
  return mismatches;
}
