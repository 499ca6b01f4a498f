import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as lite from "drizzle-orm/sqlite-core";
import { isPostgres } from "./dialect";

/**
 * One schema, two dialects. Every `modules/<m>/schema.ts` builds its tables from these helpers, which make
 * PostgreSQL tables when DATABASE_URL selects it and SQLite tables otherwise. The static types are always the
 * SQLite ones, so repos compile once against one `db` type; at run time drizzle's PostgreSQL builders receive
 * PostgreSQL tables, whose columns carry their own value mappings.
 *
 * PostgreSQL mirrors SQLite's storage so hand-written SQL and the SQLite→PostgreSQL copy stay simple:
 * timestamps are bigint milliseconds read as Date, booleans are booleans, JSON is text, sizes are bigint.
 */

/** JSON kept as text (SQLite's `text({ mode: "json" })` on PostgreSQL). */
const pgJsonText = pg.customType<{ data: unknown; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value),
});

/** Milliseconds since 1970 as bigint, read as Date (SQLite's `integer({ mode: "timestamp_ms" })`). */
const pgTimestampMs = pg.customType<{ data: Date; driverData: string | number | bigint }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

/** Bytes (SQLite's blob): bytea, read as a Buffer. */
const pgBytes = pg.customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

const liteText = (name: string) => lite.text(name);
const liteEnum = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  lite.text(name, { enum: values as unknown as [T[number], ...T[number][]] });
const liteInt = (name: string) => lite.integer(name);
const liteSerial = (name: string) => lite.integer(name).primaryKey({ autoIncrement: true });
const liteBool = (name: string) => lite.integer(name, { mode: "boolean" });
const liteTimestamp = (name: string) => lite.integer(name, { mode: "timestamp_ms" });
const liteReal = (name: string) => lite.real(name);
const liteBytes = (name: string) => lite.blob(name, { mode: "buffer" }).$type<Uint8Array>();
const liteJson = <T>(name: string) => lite.text(name, { mode: "json" }).$type<T>();

// Each helper returns the PostgreSQL builder at run time under the SQLite builder's type (see above).
export const text = (name: string) => (isPostgres ? pg.text(name) : liteText(name)) as ReturnType<typeof liteText>;
export const textEnum = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  (isPostgres ? pg.text(name, { enum: values as unknown as [string, ...string[]] }) : liteEnum(name, values)) as ReturnType<
    typeof liteEnum<T>
  >;
/** A whole number that stays small (counts, positions): integer on both. */
export const int = (name: string) => (isPostgres ? pg.integer(name) : liteInt(name)) as ReturnType<typeof liteInt>;
/** A whole number that may pass 2^31 (bytes): bigint on PostgreSQL, read as a JavaScript number. */
export const bigInt = (name: string) =>
  (isPostgres ? pg.bigint(name, { mode: "number" }) : liteInt(name)) as ReturnType<typeof liteInt>;
export const bool = (name: string) => (isPostgres ? pg.boolean(name) : liteBool(name)) as ReturnType<typeof liteBool>;
export const timestampMs = (name: string) =>
  (isPostgres ? pgTimestampMs(name) : liteTimestamp(name)) as ReturnType<typeof liteTimestamp>;
export const real = (name: string) => (isPostgres ? pg.doublePrecision(name) : liteReal(name)) as ReturnType<typeof liteReal>;
/** Bytes kept as they are (compressed answers): blob on SQLite, bytea on PostgreSQL. */
export const bytes = (name: string) => (isPostgres ? pgBytes(name) : liteBytes(name)) as ReturnType<typeof liteBytes>;
export const json = <T>(name: string) =>
  (isPostgres ? pgJsonText(name).$type<T>() : liteJson<T>(name)) as ReturnType<typeof liteJson<T>>;

export const table = (isPostgres ? pg.pgTable : lite.sqliteTable) as typeof lite.sqliteTable;
export const index = (isPostgres ? pg.index : lite.index) as typeof lite.index;
export const uniqueIndex = (isPostgres ? pg.uniqueIndex : lite.uniqueIndex) as typeof lite.uniqueIndex;
export const primaryKey = (isPostgres ? pg.primaryKey : lite.primaryKey) as typeof lite.primaryKey;

/**
 * A text's case-insensitive sort key, as list indexes and list queries spell it: lower() in both dialects,
 * compared bytewise (SQLite's only way; PostgreSQL's "C" collation), so both order lists the same whatever
 * the PostgreSQL database's locale, and keyset paging can merge lists in code (tracks/lists-repo.ts).
 */
export const caseless = (column: SQLWrapper): SQL => (isPostgres ? sql`lower(${column}) collate "C"` : sql`lower(${column})`);

/** Shared column helpers so every table spells ids and timestamps the same way. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
/** An id that sorts in creation order (UUIDv7; Bun's generator is monotonic within a process). */
export const orderedId = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => Bun.randomUUIDv7());
/**
 * A whole-number id the database hands out in increasing order and never reuses (SQLite AUTOINCREMENT,
 * a PostgreSQL bigserial): for rows read back "after id N" (live events' replay).
 */
export const serialId = () =>
  (isPostgres ? pg.bigserial("id", { mode: "number" }).primaryKey() : liteSerial("id")) as ReturnType<typeof liteSerial>;
export const createdAt = () =>
  timestampMs("created_at")
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  timestampMs("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
