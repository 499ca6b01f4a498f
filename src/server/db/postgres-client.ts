import type { SQL } from "bun";

/** U+FFFD for NUL: PostgreSQL refuses NUL in text, which SQLite stores and compares like any character. */
const withoutNul = (value: unknown) =>
  typeof value === "string" && value.includes("\0") ? value.replaceAll("\0", "\uFFFD") : value;

/**
 * Bun's PostgreSQL client as drizzle uses it (`unsafe`, `begin`, `savepoint`), with every string parameter
 * freed of NUL characters. A hostile value (an id of "%00" in a URL) then matches nothing and answers 404 as
 * on SQLite, instead of failing the query with a 500; stored text never holds NUL (input is cleaned first).
 */
export function nulSafe<Client extends Pick<SQL, "unsafe">>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "unsafe") return (query: string, params?: unknown[]) => value.call(target, query, params?.map(withoutNul));
      if (property === "begin" || property === "savepoint")
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: Pick<SQL, "unsafe">) => unknown;
          return value.call(target, ...args, (tx: Pick<SQL, "unsafe">) => body(nulSafe(tx)));
        };
      return value.bind(target);
    },
  });
}
