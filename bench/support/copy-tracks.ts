import { Database } from "bun:sqlite";
import { SQL } from "bun";

/** Where a server keeps its rows: its SQLite file (embedded) or its PostgreSQL address (cluster). */
export type DatabaseAt = { sqlitePath: string } | { postgresUrl: string };

/**
 * `count` copies of the track `template` (a real, processed upload: every copy carries its waveform and
 * media keys), each with its own id, straight into either dialect with the same statement: seeding a few
 * hundred tracks by upload would take minutes. Columns are read from the table, so the copy follows the schema.
 */
export async function copyTrack(at: DatabaseAt, template: string, count: number): Promise<void> {
  const insert = (columns: string[]) => {
    const values = columns.map((column) => (column === "id" ? "cast($1 as text) || '-copy-' || n.i" : `t."${column}"`));
    return `with recursive n(i) as (select 1 union all select i + 1 from n where i < cast($2 as integer))
      insert into tracks (${columns.map((column) => `"${column}"`).join(", ")}) select ${values.join(", ")} from n, tracks t where t.id = $1`;
  };
  if ("sqlitePath" in at) {
    const db = new Database(at.sqlitePath);
    db.exec("PRAGMA busy_timeout = 5000");
    const columns = db.query<{ name: string }, []>("select name from pragma_table_info('tracks')").all();
    db.query(insert(columns.map((column) => column.name)).replace(/\$(\d)/g, "?$1")).run(template, count);
    db.close();
    return;
  }
  const sql = new SQL(at.postgresUrl);
  const columns: { name: string }[] = await sql.unsafe(
    "select column_name as name from information_schema.columns where table_name = 'tracks' and table_schema = current_schema()",
  );
  await sql.unsafe(insert(columns.map((column) => column.name)), [template, count]);
  await sql.close();
}
