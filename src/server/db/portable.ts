import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { isPostgres } from "./dialect";

/**
 * SQL fragments whose spelling differs between SQLite and PostgreSQL, for repos that must write them by hand.
 * Everything else repos write (lower(), coalesce(), CASE, arithmetic, upserts) is the same in both.
 */

/** `column in (the strings of a JSON array)`: one bound parameter however many values (keeps one prepared statement). */
export const inJsonArray = (column: SQLWrapper, jsonArray: SQLWrapper | string): SQL =>
  isPostgres
    ? // Cast through text: a parameter typed json would be sent by Bun's client as one JSON string, a scalar.
      sql`${column} in (select json_array_elements_text(cast(cast(${jsonArray} as text) as json)))`
    : sql`${column} in (select value from json_each(${jsonArray}))`;

/** The strings of the JSON array in raw SQL's parameter `$name` (db/raw.ts), as rows of one column: inJsonArray's source. */
export const jsonArrayRows = (name: string): string =>
  isPostgres ? `select json_array_elements_text(cast(cast($${name} as text) as json))` : `select value from json_each($${name})`;
