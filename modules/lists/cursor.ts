import { decodeCursor as decodeEnvelope, encodeCursor as encodeEnvelope } from "../../src/server/cursor";
import { badRequest } from "../../src/server/errors";
import type { Position, Sort, SortField } from "./model";

/** The sort it belongs to and the last position. */
export function encodeCursor(sort: Sort, position: Position): string {
  return encodeEnvelope([sort.field, sort.direction, position.value, position.id]);
}

function valueFits(field: SortField, value: unknown): value is Position["value"] {
  if (field === "title" || field === "primaryArtistName") return typeof value === "string";
  if (field === "createdAt") return Number.isSafeInteger(value);
  return value === null || (typeof value === "number" && Number.isFinite(value));
}

/** The position a cursor names; 400 when it is not one of ours or was made for another sort. */
export function decodeCursor(cursor: string, sort: Sort): Position {
  const [field, direction, value, id] = decodeEnvelope(cursor, 4);
  if (field !== sort.field || direction !== sort.direction) throw badRequest("The cursor belongs to another sort order");
  if (typeof id !== "string" || !id || !valueFits(sort.field, value)) throw badRequest("Invalid cursor");
  return { value, id };
}
