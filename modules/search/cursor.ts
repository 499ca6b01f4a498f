import { decodeCursor as decodeEnvelope, encodeCursor as encodeEnvelope } from "../../src/server/cursor";
import { badRequest } from "../../src/server/errors";

/** A result's place in its order: its sort value (a relevance score, a number or a text) and the ids breaking ties. */
export type Place = [value: number | string, ...ids: Array<string | number>];

/**
 * The order it belongs to (type, sort) and the last result's place. A cursor of another order is refused, so a client
 * cannot page one order from another's position.
 */
export function encodeCursor(order: string, place: Place): string {
  return encodeEnvelope([order, ...place]);
}

export function decodeCursor(cursor: string, order: string, size: number): Place {
  const [madeFor, ...place] = decodeEnvelope(cursor, size + 1);
  if (madeFor !== order) throw badRequest("The cursor belongs to another search order");
  const fits = (value: unknown) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
  if (!place.every(fits)) throw badRequest("Invalid cursor");
  return place as Place;
}
