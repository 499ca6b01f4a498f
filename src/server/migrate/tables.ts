import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { type TablePlan, typeOf } from "./plan";
import { type Row, rowText, sourceCount, sourceLookup, sourceRows, targetCount, targetRows } from "./rows";
import { quoteIdent } from "./target";
import { placeholderCast, toTarget } from "./values";

/** PostgreSQL takes at most 65535 parameters per statement; stay well under. */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH_ROWS = 500;

export interface TargetCheck {
  /** Target rows that are not the source's: a key the source lacks, or other values. A few examples. */
  foreign: string[];
  /** Source rows whose target row is still as the migrations seeded it (see seeds.ts): to overwrite. */
  reseed: Row[];
}

/**
 * Compares what the target already holds with the source. Rows the source has and the target lacks are
 * fine (a copy cut short); rows equal to the migrations' seed are the source's to overwrite.
 */
export async function checkTarget(db: Database, sql: SQL, plan: TablePlan, seeded: Set<string>, limit = 3): Promise<TargetCheck> {
  const check: TargetCheck = { foreign: [], reseed: [] };
  const lookup = sourceLookup(db, plan);
  for await (const row of targetRows(sql, plan)) {
    const source = lookup(row);
    const key = plan.primaryKey.map((column) => `${column}=${String(row[column])}`).join(", ");
    const text = rowText(plan, row);
    if (!source) check.foreign.push(`${plan.name} (${key}) is not in the source`);
    else if (rowText(plan, source) === text) continue;
    else if (seeded.has(text)) check.reseed.push(source);
    else check.foreign.push(`${plan.name} (${key}) differs from the source`);
    if (check.foreign.length >= limit) break;
  }
  return check;
}

/** Sets rows (found by primary key) to the source's values, with the table's own triggers off as in copyTable. */
export async function overwriteRows(sql: SQL, plan: TablePlan, rows: Row[]): Promise<void> {
  const values = plan.columns.filter((column) => !plan.primaryKey.includes(column));
  const placeholders = (columns: string[], from: number) =>
    columns.map((column, i) => `${quoteIdent(column)} = $${from + i}${placeholderCast(typeOf(plan, column))}`);
  const update =
    `UPDATE ${quoteIdent(plan.name)} SET ${placeholders(values, 1).join(", ")} ` +
    `WHERE ${placeholders(plan.primaryKey, values.length + 1).join(" AND ")}`;
  await sql.begin(async (tx) => {
    await withoutTriggers(tx, plan, async () => {
      for (const row of rows) {
        await tx.unsafe(
          update,
          [...values, ...plan.primaryKey].map((column) => toTarget(row[column], typeOf(plan, column))),
        );
      }
    });
  });
}

/**
 * Runs `write` with the table's own triggers (page and list versions) off: copied rows are already final.
 * Inside the caller's transaction, so a kill never leaves them off. Needs the table's owner.
 */
async function withoutTriggers<T>(tx: SQL, plan: TablePlan, write: () => Promise<T>): Promise<T> {
  if (plan.triggers) await tx.unsafe(`ALTER TABLE ${quoteIdent(plan.name)} DISABLE TRIGGER USER`);
  const result = await write();
  if (plan.triggers) await tx.unsafe(`ALTER TABLE ${quoteIdent(plan.name)} ENABLE TRIGGER USER`);
  return result;
}

/** Copies the source rows the target lacks, in batches of idempotent inserts. Returns rows inserted. */
export async function copyTable(db: Database, sql: SQL, plan: TablePlan): Promise<number> {
  if ((await targetCount(sql, plan)) === sourceCount(db, plan)) return 0; // complete (its rows were checked)
  const batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / plan.columns.length)));
  const columns = plan.columns.map(quoteIdent).join(", ");
  // OVERRIDING SYSTEM VALUE keeps the source's values in identity columns.
  const overriding = plan.identity ? " OVERRIDING SYSTEM VALUE" : "";
  const conflict = `ON CONFLICT (${plan.primaryKey.map(quoteIdent).join(", ")}) DO NOTHING`;
  let inserted = 0;
  let batch: Row[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = plan.columns.map((column, i) => {
        const type = plan.types[i] as string;
        params.push(toTarget(row[column], type));
        return `$${params.length}${placeholderCast(type)}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    const insert = `INSERT INTO ${quoteIdent(plan.name)} (${columns})${overriding} VALUES ${tuples.join(", ")} ${conflict}`;
    inserted += await sql.begin((tx) =>
      withoutTriggers(tx, plan, async () => ((await tx.unsafe(insert, params)) as unknown as { count: number }).count ?? 0),
    );
    batch = [];
  };
  for (const row of sourceRows(db, plan)) {
    batch.push(row);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
  return inserted;
}

/** Moves serial/identity sequences past the copied values, so the app's next insert does not collide. */
export async function advanceSequences(sql: SQL, plan: TablePlan): Promise<void> {
  for (const { column, sequence } of plan.sequences) {
    await sql.unsafe(`SELECT setval($1, GREATEST((SELECT max(${quoteIdent(column)}) FROM ${quoteIdent(plan.name)}), 1))`, [
      sequence,
    ]);
  }
}

export interface TableDigest {
  rows: number;
  sha256: string;
}

/** SHA-256 over every row in primary-key order, each normalised by the target column types. */
async function digest(rows: Iterable<Row> | AsyncIterable<Row>, plan: TablePlan): Promise<TableDigest> {
  const hasher = new Bun.CryptoHasher("sha256");
  let count = 0;
  for await (const row of rows) {
    hasher.update(`${rowText(plan, row)}\n`);
    count++;
  }
  return { rows: count, sha256: hasher.digest("hex") };
}

export const sourceDigest = (db: Database, plan: TablePlan) => digest(sourceRows(db, plan), plan);
export const targetDigest = (sql: SQL, plan: TablePlan, snapshot?: string) => digest(targetRows(sql, plan, 1000, snapshot), plan);
