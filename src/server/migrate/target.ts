import type { SQL } from "bun";

export interface TargetColumn {
  name: string;
  /** `format_type()`: "boolean", "bigint", "text", "timestamp with time zone", … */
  type: string;
  /** Filled by a sequence (serial or identity), which must be moved past the copied values. */
  sequence: string | null;
  identity: boolean;
}

export interface TargetTable {
  name: string;
  columns: Map<string, TargetColumn>;
  primaryKey: string[];
  /** Tables this one's foreign keys point at. */
  references: string[];
  /** Has triggers of its own (not constraint triggers), which must not fire for copied rows. */
  triggers: boolean;
}

/** The application tables of the target database's current schema, as PostgreSQL describes them. */
export async function targetTables(sql: SQL): Promise<Map<string, TargetTable>> {
  const columns = await sql.unsafe<
    Array<{ table: string; column: string; type: string; identity: string; sequence: string | null }>
  >(`
    SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
           a.attidentity AS "identity", pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS "sequence"
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum`);
  const keys = await sql.unsafe<Array<{ table: string; kind: string; columns: string[] | null; references: string | null }>>(`
    SELECT c.relname AS "table", con.contype AS "kind", r.relname AS "references",
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, pos)
                 JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.num ORDER BY k.pos) AS "columns"
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    LEFT JOIN pg_class r ON r.oid = con.confrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND con.contype IN ('p', 'f')`);
  const triggered = await sql.unsafe<Array<{ table: string }>>(`
    SELECT DISTINCT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`);
  const tables = new Map<string, TargetTable>();
  for (const row of columns) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: new Map(), primaryKey: [], references: [], triggers: false };
      tables.set(row.table, table);
    }
    table.columns.set(row.column, { name: row.column, type: row.type, sequence: row.sequence, identity: row.identity !== "" });
  }
  for (const key of keys) {
    const table = tables.get(key.table);
    if (!table) continue;
    if (key.kind === "p") table.primaryKey = [...(key.columns ?? [])];
    else if (key.references && key.references !== key.table) table.references.push(key.references);
  }
  for (const { table } of triggered) {
    const found = tables.get(table);
    if (found) found.triggers = true;
  }
  return tables;
}

/** Tables ordered so each comes after the tables it references (ties by name, so runs repeat). */
export function dependencyOrder(tables: TargetTable[]): TargetTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TargetTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: TargetTable) => {
    if (placed.has(table.name) || visiting.has(table.name)) return; // a cycle is broken where it is met
    visiting.add(table.name);
    for (const name of [...table.references].sort()) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
