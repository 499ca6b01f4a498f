import { badRequest } from "../../src/server/errors";
import type { Position, Sort, SortField } from "./model";

const MAX_CURSOR_LENGTH = 1024;

/** Opaque to clients: base64url of the sort it belongs to and the last position. */
export function encodeCursor(sort: Sort, position: Position): string {
  return Buffer.from(JSON.stringify([sort.field, sort.direction, position.value, position.id])).toString("base64url");
}

function valueFits(field: SortField, value: unknown): value is Position["value"] {
  if (field === "title" || field === "primaryArtistName") return typeof value === "string";
  if (field === "createdAt") return Number.isSafeInteger(value);
  return value === null || (typeof value === "number" && Number.isFinite(value));
}

/** The position a cursor names; 400 when it is not one of ours or was made for another sort. */
export function decodeCursor(cursor: string, sort: Sort): Position {
  const invalid = badRequest("Invalid cursor");
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid;
  const [field, direction, value, id] = parsed;
  if (field !== sort.field || direction !== sort.direction) throw badRequest("The cursor belongs to another sort order");
  if (typeof id !== "string" || !id || !valueFits(sort.field, value)) throw invalid;
  return { value, id };
}
