import { badRequest } from "../../src/server/errors";

const MAX_CURSOR_LENGTH = 1024;

/** A result's place in its order: its sort value (a relevance score, a number or a text) and the ids breaking ties. */
export type Place = [value: number | string, ...ids: Array<string | number>];

/**
 * Opaque to clients: base64url of the order it belongs to (type, sort) and the last result's place. A cursor of
 * another order is refused, so a client cannot page one order from another's position.
 */
export function encodeCursor(order: string, place: Place): string {
  return Buffer.from(JSON.stringify([order, ...place])).toString("base64url");
}

export function decodeCursor(cursor: string, order: string, size: number): Place {
  const invalid = badRequest("Invalid cursor");
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== size + 1) throw invalid;
  const [madeFor, ...place] = parsed;
  if (madeFor !== order) throw badRequest("The cursor belongs to another search order");
  const fits = (value: unknown) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
  if (!place.every(fits)) throw invalid;
  return place as Place;
}
