import type { Database, SQLQueryBindings } from "bun:sqlite";
import type { SQL } from "bun";
import { keyOrder, type TablePlan } from "./plan";
import { quoteIdent } from "./target";
import { isJson, normalise } from "./values";

export type Row = Record<string, unknown>;

const columnList = (plan: TablePlan) => plan.columns.map(quoteIdent).join(", ");
/** JSON read back as text, as SQLite holds it (the driver would parse json(b), a JSON string included). */
export const targetColumnList = (plan: TablePlan) =>
  plan.columns
    .map((column, i) =>
      isJson(plan.types[i] as string) ? `${quoteIdent(column)}::text AS ${quoteIdent(column)}` : quoteIdent(column),
    )
    .join(", ");

/** Every source row in primary-key order, read lazily. */
export function sourceRows(db: Database, plan: TablePlan): IterableIterator<Row> {
  return db
    .query<Row, []>(`SELECT ${columnList(plan)} FROM ${quoteIdent(plan.name)} ORDER BY ${keyOrder(plan, "sqlite").join(", ")}`)
    .iterate();
}

export const sourceCount = (db: Database, plan: TablePlan) =>
  (db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${quoteIdent(plan.name)}`).get()?.n ?? 0) as number;

export async function targetCount(sql: SQL, plan: TablePlan): Promise<number> {
  const [row] = await sql.unsafe<Array<{ n: string }>>(`SELECT count(*) AS n FROM ${quoteIdent(plan.name)}`);
  return Number(row?.n ?? 0);
}

/**
 * Every target row in the same order, a page at a time, from a cursor in a read-only transaction on a
 * connection of its own: the byte order ("C") is not the primary key index's, so the rows are sorted once
 * rather than once per page as keyset paging would. With `snapshot` (an exported `pg_export_snapshot()`), the
 * rows as that transaction sees them: a backup's table digests of the very state its pg_dump wrote.
 */
export async function* targetRows(sql: SQL, plan: TablePlan, pageSize = 1000, snapshot?: string): AsyncGenerator<Row> {
  const connection = await sql.reserve();
  try {
    await connection.unsafe("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    if (snapshot) await connection.unsafe(`SET TRANSACTION SNAPSHOT '${snapshot.replaceAll("'", "''")}'`);
    await connection.unsafe(
      `DECLARE target_rows NO SCROLL CURSOR FOR SELECT ${targetColumnList(plan)} FROM ${quoteIdent(plan.name)} ORDER BY ${keyOrder(plan, "postgresql").join(", ")}`,
    );
    for (;;) {
      const page: Row[] = await connection.unsafe(`FETCH ${pageSize} FROM target_rows`);
      yield* page;
      if (page.length < pageSize) break;
    }
  } finally {
    await connection.unsafe("ROLLBACK").catch(() => {});
    connection.release();
  }
}

/** The row as one comparable text: each column normalised by its target type, in the plan's order. */
export const rowText = (plan: TablePlan, row: Row) =>
  JSON.stringify(plan.columns.map((column, i) => normalise(row[column], plan.types[i] as string)));

/** A target key value as SQLite compares it (dates as milliseconds, booleans as 0/1). */
const asSourceValue = (value: unknown) =>
  value instanceof Date ? value.getTime() : typeof value === "boolean" ? Number(value) : value;

/** Looks a row up in the source by the primary key of a target row. */
export function sourceLookup(db: Database, plan: TablePlan): (row: Row) => Row | null {
  const statement = db.query<Row, SQLQueryBindings[]>(
    `SELECT ${columnList(plan)} FROM ${quoteIdent(plan.name)} WHERE ${plan.primaryKey.map((c) => `${quoteIdent(c)} = ?`).join(" AND ")}`,
  );
  return (row) => statement.get(...(plan.primaryKey.map((column) => asSourceValue(row[column])) as SQLQueryBindings[])) ?? null;
}
