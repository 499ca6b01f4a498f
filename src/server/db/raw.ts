import { runtime } from "../runtime";

type Params = Record<string, string | number | null>;

/** `$name` parameters as PostgreSQL's `$1, $2…`, with the values in that order (a name may repeat). */
function numbered(text: string, params: Params): { text: string; values: (string | number | null)[] } {
  const names: string[] = [];
  const numberedText = text.replace(/\$([a-z_][a-z0-9_]*)/gi, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for $${name}`);
    const at = names.indexOf(name);
    if (at >= 0) return `$${at + 1}`;
    names.push(name);
    return `$${names.length}`;
  });
  return { text: numberedText, values: names.map((name) => params[name] ?? null) };
}

/**
 * Rows of hand-written SQL with `$name` parameters, for the few hot queries where building them
 * through drizzle costs more than running them (lists). bun:sqlite caches each distinct text, so a
 * repeated query is prepared once. The one place a PostgreSQL driver maps `$name` to its own style.
 */
export async function allRaw<Row>(text: string, params: Params = {}): Promise<Row[]> {
  const { db, postgresDb } = runtime();
  if (postgresDb) {
    const query = numbered(text, params);
    return [...((await postgresDb.$client.unsafe(query.text, query.values)) as Row[])];
  }
  return db.$client.query<Row, Params>(text).all(params);
}
