import { badRequest } from "../../src/server/errors";
import { decodeCursor as decodeEnvelope, encodeCursor as encodeEnvelope } from "../../src/server/http/cursor";

/** A result's place in its order: its sort value (a relevance score, a number or a text) and the ids breaking ties. */
export type Place = [value: number | string, ...ids: Array<string | number>];

/**
 * The order it belongs to (type, sort), its filters (track-filters `filtersKeyOf`) and the last result's place. A
 * cursor of another order or other filters is refused, so a client cannot page one list from another's position.
 */
export function encodeCursor(order: string, filters: string, place: Place): string {
  return encodeEnvelope([order, filters, ...place]);
}

export function decodeCursor(cursor: string, order: string, filters: string, size: number): Place {
  const [madeFor, filteredBy, ...place] = decodeEnvelope(cursor, size + 2);
  if (madeFor !== order) throw badRequest("The cursor belongs to another search order");
  if (filteredBy !== filters) throw badRequest("The cursor belongs to other filters");
  const fits = (value: unknown) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
  if (!place.every(fits)) throw badRequest("Invalid cursor");
  return place as Place;
}
