/**
 * Values between SQLite's storage and the target's column types. The app's PostgreSQL schema mostly
 * mirrors SQLite (bigint milliseconds, text JSON), but booleans are 0/1 in SQLite, and any column typed
 * differently in PostgreSQL is converted here by its declared type.
 */

const isBoolean = (type: string) => type === "boolean";
const isTimestamp = (type: string) => type.startsWith("timestamp");
export const isJson = (type: string) => type === "json" || type === "jsonb";
const isInteger = (type: string) => type === "smallint" || type === "integer" || type === "bigint";
const isFloat = (type: string) => type === "real" || type === "double precision" || type.startsWith("numeric");

/** A SQLite value as the parameter for a PostgreSQL column of `type`. */
export function toTarget(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (isBoolean(type)) return Number(value) !== 0;
  if (isTimestamp(type)) return new Date(Number(value));
  if (isJson(type)) return typeof value === "string" ? value : JSON.stringify(value);
  return value;
}

/**
 * The cast on a value's placeholder. JSON goes in as text cast to json(b): handed a string for a jsonb
 * parameter, the driver would store it as a JSON string value.
 */
export const placeholderCast = (type: string) => (isJson(type) ? `::text::${type}` : `::${type}`);

/** Keys sorted, so jsonb's reordering and SQLite's text compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/**
 * One text form for a value read from either side, by the target column's type, so rows of both
 * databases hash and compare equal exactly when they hold the same data.
 */
export function normalise(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (isBoolean(type)) return value === true || value === "t" || Number(value) === 1 ? "t" : "f";
  if (isTimestamp(type)) return String(value instanceof Date ? value.getTime() : Number(value));
  if (isJson(type)) return canonicalJson(JSON.parse(String(value)));
  if (isInteger(type)) return String(typeof value === "number" ? BigInt(value) : BigInt(String(value)));
  if (isFloat(type)) return String(Number(value));
  if (value instanceof Uint8Array) return hex(value);
  return String(value);
}
