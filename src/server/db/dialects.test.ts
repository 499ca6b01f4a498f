import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { runBun } from "../../../tests/support/bun-child";
import { latestSnapshot } from "../../../tests/support/migration-snapshots";
import type { Dialect } from "./dialect";

/**
 * One schema, two dialects: the schema modules build both (db/columns.ts), and each dialect has its own
 * generated migrations. These tests hold the two migration histories to the schema and to each other.
 */

// biome-ignore lint/suspicious/noExplicitAny: drizzle-kit snapshots are untyped JSON, read field by field.
type Json = Record<string, any>;

/** Column types each dialect stores the same values in (db/columns.ts). */
const SAME_STORAGE: Record<string, string> = {
  text: "text",
  real: "real",
  "double precision": "real",
  integer: "integer",
  bigint: "integer",
  // An ordered id (db/columns.ts serialId): SQLite's integer primary key autoincrement.
  bigserial: "integer",
  boolean: "integer",
  blob: "blob",
  bytea: "blob",
};

/** A dialect-free description of a snapshot: tables, columns, types, defaults, keys and indexes. */
function shapeOf(snapshot: Json) {
  const shape: Json = {};
  for (const table of Object.values(snapshot.tables as Json)) {
    const columns: Json = {};
    for (const column of Object.values(table.columns as Json))
      columns[column.name] = {
        storage: SAME_STORAGE[column.type] ?? column.type,
        notNull: column.notNull,
        primaryKey: column.primaryKey,
        default: column.default,
      };
    const indexes: Json = {};
    for (const index of Object.values(table.indexes as Json))
      indexes[index.name] = {
        // PostgreSQL spells out the bytewise comparison SQLite always makes (columns.ts `caseless`).
        columns: index.columns.map((c: string | Json) => (typeof c === "string" ? c : c.expression.replace(' collate "C"', ""))),
        unique: index.isUnique,
      };
    // PostgreSQL keeps `.unique()` as a constraint where SQLite makes a unique index of the same name.
    for (const unique of Object.values((table.uniqueConstraints ?? {}) as Json))
      indexes[unique.name] = { columns: unique.columns, unique: true };
    shape[table.name] = {
      columns,
      indexes,
      foreignKeys: Object.values(table.foreignKeys as Json).map(
        (fk) => `${fk.columnsFrom} -> ${fk.tableTo}(${fk.columnsTo}) on delete ${fk.onDelete}`,
      ),
      primaryKeys: Object.values(table.compositePrimaryKeys as Json).map((pk) => pk.columns.join(",")),
    };
  }
  return shape;
}

describe("the two dialects' migrations", () => {
  test("describe the same tables, columns, storage types, defaults, keys and indexes", () => {
    const sqlite = shapeOf(latestSnapshot("sqlite"));
    const postgres = shapeOf(latestSnapshot("postgresql"));
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) expect({ table, ...postgres[table] }).toEqual({ table, ...sqlite[table] });
  });

  test("PostgreSQL keeps the storage chosen for each kind of SQLite column", () => {
    const postgres = latestSnapshot("postgresql") as Json;
    const typeOf = (table: string, column: string) => postgres.tables[`public.${table}`].columns[column].type;
    expect(typeOf("tracks", "created_at")).toBe("bigint");
    expect(typeOf("tracks", "is_public")).toBe("boolean");
    expect(typeOf("tracks", "genre_names")).toBe("text");
    expect(typeOf("tracks", "original_size_bytes")).toBe("bigint");
    expect(typeOf("tracks", "duration")).toBe("double precision");
  });

  test.each(["sqlite", "postgresql"] as Dialect[])(
    "%s: the newest snapshot matches the schema modules (nothing left to generate)",
    async (dialect) => {
      const { code, out, err } = await runBun([join(import.meta.dir, "../../../tests/support/pending-migration.ts")], {
        env: { DATABASE_URL: dialect === "postgresql" ? "postgres://localhost/stemma" : "" },
      });
      expect({ code, err }).toEqual({ code: 0, err: "" });
      expect(JSON.parse(out)).toEqual([]);
    },
  );
});
