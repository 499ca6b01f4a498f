import { badRequest } from "../../src/server/errors";
import { decodeCursor as decodeEnvelope, encodeCursor as encodeEnvelope, isCountValue } from "../../src/server/http/cursor";
import type { Position, Sort, SortField } from "./model";

/**
 * The sort and filters it belongs to (track-filters `filtersKeyOf`, "" for none) and the last position: a position
 * in one list names no place in another, so a cursor of another sort or other filters is refused.
 */
export function encodeCursor(sort: Sort, filters: string, position: Position): string {
  return encodeEnvelope([sort.field, sort.direction, filters, position.value, position.id]);
}

function valueFits(field: SortField, value: unknown): value is Position["value"] {
  if (field === "title" || field === "primaryArtistName") return typeof value === "string";
  if (field === "createdAt") return Number.isSafeInteger(value);
  if (field === "likeCount") return isCountValue(value);
  return value === null || (typeof value === "number" && Number.isFinite(value));
}

/** The position a cursor names; 400 when it is not one of ours or was made for another sort or other filters. */
export function decodeCursor(cursor: string, sort: Sort, filters: string): Position {
  const [field, direction, filteredBy, value, id] = decodeEnvelope(cursor, 5);
  if (field !== sort.field || direction !== sort.direction) throw badRequest("The cursor belongs to another sort order");
  if (filteredBy !== filters) throw badRequest("The cursor belongs to other filters");
  if (typeof id !== "string" || !id || !valueFits(sort.field, value)) throw badRequest("Invalid cursor");
  return { value, id };
}
