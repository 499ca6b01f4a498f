import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { Position, Sort } from "./cursor";
import { type Track, trackShares, tracks } from "./schema";

export type DeletedStatus = "PENDING_DELETION" | "DELETED";

/**
 * One index-friendly slice of the tracks table. A list is one or more scopes merged: "available" is
 * public + own + shared, each read through its own index, so no query ever scans the whole table.
 */
export type Scope =
  | { kind: "public" }
  | { kind: "owner"; userId: string }
  | { kind: "shared"; userId: string }
  | { kind: "status"; status: Track["status"] };

/** Titles and artists sort case-insensitively (SQLite NOCASE, matching the indexes). */
const SORT_EXPRESSIONS = {
  createdAt: sql`${tracks.createdAt}`,
  duration: sql`${tracks.duration}`,
  title: sql`${tracks.title} collate nocase`,
  primaryArtistName: sql`${tracks.primaryArtistName} collate nocase`,
} as const;

function scopeCondition(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case "public":
      return and(eq(tracks.status, "ACTIVE"), eq(tracks.isPublic, true));
    case "owner":
      return and(eq(tracks.userId, scope.userId), eq(tracks.status, "ACTIVE"));
    case "shared":
      return and(eq(trackShares.userId, scope.userId), eq(tracks.status, "ACTIVE"));
    case "status":
      return eq(tracks.status, scope.status);
  }
}

/**
 * The conditions for "comes after `after` in this order", split so each part is one index range.
 * SQLite puts NULL durations first ascending and last descending; a row-value comparison never matches
 * NULL, so the NULL rows get a part of their own instead of an OR that would defeat the index.
 */
function keysetParts(sort: Sort, after: Position | null): (SQL | undefined)[] {
  const expression = SORT_EXPRESSIONS[sort.field];
  const nullable = sort.field === "duration";
  const ascending = sort.direction === "asc";
  if (!after) return [undefined];
  const beyondId = ascending ? sql`${tracks.id} > ${after.id}` : sql`${tracks.id} < ${after.id}`;
  if (after.value === null) {
    const nullsWithLaterId = and(isNull(tracks.duration), beyondId);
    return ascending ? [nullsWithLaterId, isNotNull(tracks.duration)] : [nullsWithLaterId];
  }
  const beyond = ascending
    ? sql`(${expression}, ${tracks.id}) > (${after.value}, ${after.id})`
    : sql`(${expression}, ${tracks.id}) < (${after.value}, ${after.id})`;
  return nullable && !ascending ? [beyond, isNull(tracks.duration)] : [beyond];
}

function readPart(scope: Scope, sort: Sort, part: SQL | undefined, take: number): Track[] {
  const direction = sort.direction === "asc" ? asc : desc;
  const where = and(scopeCondition(scope), part);
  const order = [direction(SORT_EXPRESSIONS[sort.field]), direction(tracks.id)];
  if (scope.kind === "shared") {
    return db
      .select({ track: tracks })
      .from(trackShares)
      .innerJoin(tracks, eq(tracks.id, trackShares.trackId))
      .where(where)
      .orderBy(...order)
      .limit(take)
      .all()
      .map((row) => row.track);
  }
  return db
    .select()
    .from(tracks)
    .where(where)
    .orderBy(...order)
    .limit(take)
    .all();
}

/** SQLite NOCASE folds ASCII letters only, then compares bytes of UTF-8 (code point order). */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
const compareBinary = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The sort value of a row, as the cursor stores it. */
export function sortValue(track: Track, sort: Sort): Position["value"] {
  if (sort.field === "createdAt") return track.createdAt.getTime();
  return track[sort.field];
}

/** The same order SQLite applies, so merged scopes interleave exactly as one query would. */
function compareRows(sort: Sort): (a: Track, b: Track) => number {
  const sign = sort.direction === "asc" ? 1 : -1;
  return (a, b) => {
    const left = sortValue(a, sort);
    const right = sortValue(b, sort);
    let order = 0;
    if (left === null || right === null) order = left === right ? 0 : left === null ? -1 : 1;
    else if (typeof left === "string" && typeof right === "string") order = compareBinary(foldAscii(left), foldAscii(right));
    else order = (left as number) - (right as number);
    return sign * (order || compareBinary(a.id, b.id));
  };
}

export const listsRepo = {
  /** Up to `take` rows after `after`, in `sort` order, from the union of `scopes` (each row once). */
  page(scopes: Scope[], sort: Sort, after: Position | null, take: number): Track[] {
    const byId = new Map<string, Track>();
    for (const scope of scopes)
      for (const part of keysetParts(sort, after)) for (const row of readPart(scope, sort, part, take)) byId.set(row.id, row);
    return [...byId.values()].sort(compareRows(sort)).slice(0, take);
  },

  countByStatus(statuses: DeletedStatus[]): number {
    return db.select({ count: count() }).from(tracks).where(inArray(tracks.status, statuses)).get()?.count ?? 0;
  },

  /**
   * Moves active tracks to PENDING_DELETION in one statement and answers the ids it moved.
   * With `ownerId`, only that user's tracks are touched, whatever ids were asked for.
   */
  markPendingDeletion(ids: string[], ownerId: string | null): string[] {
    return db
      .update(tracks)
      .set({ status: "PENDING_DELETION", deletedAt: new Date() })
      .where(and(inArray(tracks.id, ids), eq(tracks.status, "ACTIVE"), ownerId ? eq(tracks.userId, ownerId) : undefined))
      .returning({ id: tracks.id })
      .all()
      .map((row) => row.id);
  },
};
