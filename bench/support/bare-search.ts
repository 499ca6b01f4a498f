/**
 * The search bench's baseline: a bare Bun.serve running, per request, the SQL Stemma's search runs for it on the same
 * database file (the page of matches, then the rows of the page), answering the rows as JSON. Reads the database
 * path from argv and `{ [path]: { sql, params, rows } }` from stdin; prints its port.
 */
import { Database } from "bun:sqlite";

type Params = Record<string, string | number>;
interface Query {
  sql: string;
  params: Params;
  /** The table whose rows the page's ids name: `id` for tracks, `sid` for stems. */
  rows: "tracks" | "stems";
}

const db = new Database(process.argv[2] as string, { readonly: true, strict: true });
const queries = (await Bun.stdin.json()) as Record<string, Query>;
const rowsOf = {
  tracks: db.query("select * from tracks where id in (select value from json_each($ids))"),
  stems: db.query("select * from stems where id in (select value from json_each($ids))"),
};
const server = Bun.serve({
  port: 0,
  fetch(request) {
    const query = queries[new URL(request.url).pathname];
    if (!query) return new Response("not found", { status: 404 });
    const page = db.query<Record<string, string>, Params>(query.sql).all(query.params);
    const ids = JSON.stringify(page.map((row) => (query.rows === "tracks" ? row.id : row.sid)));
    return Response.json({ page, rows: rowsOf[query.rows].all({ ids }) });
  },
});
console.log(server.port);
