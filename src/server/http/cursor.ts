import { badRequest } from "../errors";

const MAX_CURSOR_LENGTH = 1024;

/**
 * Keyset cursors, opaque to clients: base64url of a JSON array (the order it belongs to, then the last item's
 * place). Each list checks what the array holds; this is the one place that reads and writes its envelope.
 */
export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * Whether a cursor's value fits a count column (a like count): a whole number PostgreSQL's integer holds, so a
 * handmade cursor is a 400, never the database's error.
 */
export const isCountValue = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2 ** 31 - 1;

/** The array a cursor of ours holds when it has `length` values; `400 Invalid cursor` for anything else. */
export function decodeCursor(cursor: string, length: number): unknown[] {
  const invalid = badRequest("Invalid cursor");
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== length) throw invalid;
  return parsed;
}
