import { count, inArray } from "drizzle-orm";
import { db } from "../../src/server/db";
import { isPostgres } from "../../src/server/db/dialect";
import { allRaw } from "../../src/server/db/raw";
import { filterConditions, type Params, type TrackFilters } from "../track-filters/service";
import { type Track, tracks } from "../tracks/schema";
import type { DeletedStatus, Position, Sort } from "./model";

/**
 * One index-friendly slice of the tracks table. A list is one or more scopes merged: "available" is
 * public + own + shared, each read through its own index, so no query ever scans the whole table.
 */
export type Scope =
  | { kind: "public" }
  | { kind: "owner"; userId: string }
  | { kind: "shared"; userId: string }
  | { kind: "status"; status: Track["status"] }
  | { kind: "artist"; userId: string }
  | { kind: "artistForks"; userId: string }
  | { kind: "forkedFromArtist"; userId: string }
  | { kind: "followed"; userId: string }
  | { kind: "liked"; userId: string };

/** A row's place in a list: its id and sort value (created_at in ms, a text, or a duration). */
export type Key = Position;

/**
 * Hand-written SQL because these run on every list call: bun:sqlite caches each distinct statement (allRaw),
 * while building the query through drizzle costs more than running it. Only fixed fragments are
 * spliced in; every value is a bound parameter.
 */
const FROM = {
  public: { from: "tracks t", where: `t.status = 'ACTIVE' and t.is_public = ${isPostgres ? "true" : "1"}` },
  owner: { from: "tracks t", where: "t.user_id = $scope and t.status = 'ACTIVE'" },
  // CROSS JOIN fixes the loop order in SQLite: the viewer's shares first, then their tracks, sorted in
  // memory. Without it the planner may walk every track in sort order looking for shared ones.
  shared: {
    from: "track_shares s cross join tracks t",
    where: "s.user_id = $scope and t.id = s.track_id and t.status = 'ACTIVE'",
  },
  status: { from: "tracks t", where: "t.status = $scope" },
  // An artist's page (modules/profiles): through the owner indexes, then only what is public.
  artist: {
    from: "tracks t",
    where: `t.user_id = $scope and t.status = 'ACTIVE' and t.is_public = ${isPostgres ? "true" : "1"}`,
  },
  artistForks: {
    from: "tracks t",
    where: `t.user_id = $scope and t.status = 'ACTIVE' and t.is_public = ${isPostgres ? "true" : "1"} and t.forked_from_id is not null`,
  },
  // Forks others made of the artist's tracks: their tracks first (the owner index), then each one's forks.
  forkedFromArtist: {
    from: "tracks o cross join tracks t",
    where: `o.user_id = $scope and t.forked_from_id = o.id and t.user_id <> $scope and t.status = 'ACTIVE' and t.is_public = ${isPostgres ? "true" : "1"}`,
  },
  // The Following list (modules/follows): whom the viewer follows first (the follows key), then each one's public tracks.
  followed: {
    from: "follows f cross join tracks t",
    where: `f.follower_id = $scope and t.user_id = f.followee_id and t.status = 'ACTIVE' and t.is_public = ${isPostgres ? "true" : "1"}`,
  },
  // A user's likes page (modules/likes): what they like first (the likes key), then each track, if public.
  liked: {
    from: "likes l cross join tracks t",
    where: `l.user_id = $scope and t.id = l.track_id and t.status = 'ACTIVE' and t.is_public = ${isPostgres ? "true" : "1"}`,
  },
} as const;

/**
 * Titles and artists sort case-insensitively by the expression the indexes hold (db/columns.ts `caseless`:
 * lower(), compared bytewise in both dialects); a key's value is that lowered text, so a cursor compares
 * against the same expression.
 */
const caseless = (column: string) => (isPostgres ? `lower(${column}) collate "C"` : `lower(${column})`);
const SORT_SQL = {
  createdAt: "t.created_at",
  duration: "t.duration",
  title: caseless("t.title"),
  primaryArtistName: caseless("t.primary_artist_name"),
  likeCount: "t.like_count",
} as const;
/** SQLite's NULL order (first ascending, last descending), which PostgreSQL reverses unless told. */
const NULLS = isPostgres ? { asc: " nulls first", desc: " nulls last" } : { asc: "", desc: "" };

/** A condition that selects one index range: what comes after the cursor, split around NULL durations. */
type Part = "all" | "past" | "tiesBeyondId" | "nullsBeyondId" | "notNull" | "nulls";

/**
 * SQLite puts NULL durations first ascending and last descending; a row-value comparison never matches
 * NULL, so the NULL rows get a part of their own instead of an OR that would defeat the index.
 */
function partsAfter(sort: Sort, after: Position | null): Part[] {
  const ascending = sort.direction === "asc";
  if (!after) return ["all"];
  if (after.value === null) return ascending ? ["nullsBeyondId", "notNull"] : ["nullsBeyondId"];
  return sort.field === "duration" && !ascending ? ["past", "tiesBeyondId", "nulls"] : ["past", "tiesBeyondId"];
}

function partSql(part: Part, sort: Sort): string {
  const expression = SORT_SQL[sort.field];
  const cmp = sort.direction === "asc" ? ">" : "<";
  switch (part) {
    case "all":
      return "";
    // Past the cursor's value, and the cursor value's ties past its id: two index ranges. (A row value
    // would be one, but SQLite cannot start an index range from a row value with a collation.)
    case "past":
      return ` and ${expression} ${cmp} $value`;
    case "tiesBeyondId":
      return ` and ${expression} = $value and t.id ${cmp} $id`;
    case "nullsBeyondId":
      return ` and t.duration is null and t.id ${cmp} $id`;
    case "notNull":
      return " and t.duration is not null";
    case "nulls":
      return " and t.duration is null";
  }
}

/**
 * One part's keys. Filters (track-filters) narrow the rows the scope's index range yields: the walk in sort order
 * stops after `take` matches, so a filter most tracks pass costs little and a rare one reads further.
 */
async function readKeys(
  scope: Scope,
  filters: TrackFilters,
  sort: Sort,
  part: Part,
  after: Position | null,
  take: number,
): Promise<Key[]> {
  const params: Params = { take };
  const { from, where } = FROM[scope.kind];
  const filtered = filterConditions(filters, params)
    .map((condition) => ` and ${condition}`)
    .join("");
  const direction = sort.direction === "asc" ? "asc" : "desc";
  const column = SORT_SQL[sort.field];
  const text = `select t.id as id, ${column} as value from ${from} where ${where}${filtered}${partSql(part, sort)}
    order by ${SORT_SQL[sort.field]} ${direction}${NULLS[direction]}, t.id ${direction} limit $take`;
  if (scope.kind !== "public") params.scope = scope.kind === "status" ? scope.status : scope.userId;
  if (part === "past" || part === "tiesBeyondId") params.value = after?.value ?? null;
  if (part === "tiesBeyondId" || part === "nullsBeyondId") params.id = after?.id ?? "";
  const keys = await allRaw<Key>(text, params);
  // PostgreSQL hands bigint (created_at) over as text.
  return sort.field === "createdAt" ? keys.map((key) => ({ id: key.id, value: Number(key.value) })) : keys;
}

/** SQLite's lower() folds ASCII letters only, then text compares as UTF-8 bytes (code point order). */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
const compareBinary = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The same order SQLite applies, so merged scopes interleave exactly as one query would. */
function compareKeys(sort: Sort): (a: Key, b: Key) => number {
  const sign = sort.direction === "asc" ? 1 : -1;
  return (a, b) => {
    let order = 0;
    if (a.value === null || b.value === null) order = a.value === b.value ? 0 : a.value === null ? -1 : 1;
    else if (typeof a.value === "string" && typeof b.value === "string")
      order = compareBinary(foldAscii(a.value), foldAscii(b.value));
    else order = (a.value as number) - (b.value as number);
    return sign * (order || compareBinary(a.id, b.id));
  };
}

export const listsRepo = {
  /**
   * The version of what the lists show right now (schema.ts), read on every list request. Hand-written: this runs
   * before every kept answer, and building it through drizzle costs more than the read.
   */
  async contentVersion(): Promise<number> {
    const [row] = await allRaw<{ content: number | string }>("select content from list_versions where id = 1");
    // PostgreSQL's bigint arrives as text.
    return Number(row?.content ?? 0);
  },

  /** Up to `take` keys after `after`, in `sort` order, from the union of `scopes` (each track once) that pass `filters`. */
  async pageKeys(scopes: Scope[], filters: TrackFilters, sort: Sort, after: Position | null, take: number): Promise<Key[]> {
    const byId = new Map<string, Key>();
    for (const scope of scopes)
      for (const part of partsAfter(sort, after))
        for (const key of await readKeys(scope, filters, sort, part, after, take)) byId.set(key.id, key);
    return [...byId.values()].sort(compareKeys(sort)).slice(0, take);
  },

  async countByStatus(statuses: readonly DeletedStatus[]): Promise<number> {
    return (await db().select({ count: count() }).from(tracks).where(inArray(tracks.status, statuses)))[0]?.count ?? 0;
  },
};
