import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { isPostgres } from "./dialect";

/**
 * SQL fragments whose spelling differs between SQLite and PostgreSQL, for repos that must write them by hand.
 * Everything else repos write (lower(), coalesce(), CASE, arithmetic, upserts) is the same in both.
 */

/** `column in (the strings of a JSON array)`: one bound parameter however many values (keeps one prepared statement). */
export const inJsonArray = (column: SQLWrapper, jsonArray: SQLWrapper | string): SQL =>
  isPostgres
    ? sql`${column} in (select json_array_elements_text(cast(${jsonArray} as json)))`
    : sql`${column} in (select value from json_each(${jsonArray}))`;
