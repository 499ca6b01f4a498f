import { db } from "../../src/server/db";
import { isPostgres } from "../../src/server/db/dialect";
import { inJsonArray } from "../../src/server/db/portable";
import { allRaw } from "../../src/server/db/raw";
import type { SortDirection, SortField } from "../lists/model";
import { filterConditions, type Params, type TrackFilters } from "../track-filters/service";
import { type Stem, stems, type Track, tracks } from "../tracks/schema";
import type { Place } from "./cursor";
import type { SearchType } from "./model";
import { ftsQuery, type Terms } from "./terms";

/**
 * The search queries, hand-written per dialect: the index (migrations 0019_search, pg/0014_search) is raw SQL that
 * drizzle cannot model. Each query is driven by the index (an FTS5 MATCH, or a GIN index scan of the tsvector and
 * the trigrams), joins each match to its track by primary key for the access rule and the filters, and pages by
 * keyset on (sort value, ids). Only fixed fragments are spliced in; every value is a bound parameter.
 */

/** What narrows the results besides the text: who asks (the access rule) and the filters. */
export interface Conditions {
  viewerId: string | null;
  filters: TrackFilters;
}

export type Order = { by: "relevance" } | { by: SortField; direction: SortDirection };

export interface SearchRequest {
  type: SearchType;
  terms: Terms;
  conditions: Conditions;
  order: Order;
  after: Place | null;
  take: number;
}

const TRUE = isPostgres ? "true" : "1";

/** Column weights, title first: SQLite's bm25 per FTS column; PostgreSQL's tsvector weights (A-D) follow them. */
const BM25_WEIGHTS = "10.0, 5.0, 3.0, 3.0, 1.0, 3.0";

/** The rows that match the text, and the relevance of each (lower is better). */
function matching(terms: Terms, artistOnly: boolean, params: Params): { from: string; where: string[]; relevance: string } {
  const column = artistOnly ? "artist" : undefined;
  const { words, substrings } = terms;
  if (!words.length && !substrings.length) return { from: "tracks t", where: [], relevance: "0" };
  if (!isPostgres) {
    if (words.length) params.words = ftsQuery(words, true, column);
    if (substrings.length) params.grams = ftsQuery(substrings, false, column);
    const table = words.length ? "search_words" : "search_grams";
    const where = [`${table} match $${words.length ? "words" : "grams"}`];
    if (words.length && substrings.length) where.push("d.id in (select rowid from search_grams where search_grams match $grams)");
    return {
      from: `${table} f join search_documents d on d.id = f.rowid join tracks t on t.id = d.track_id`,
      where,
      relevance: `bm25(${table}, ${BM25_WEIGHTS})`,
    };
  }
  const where: string[] = [];
  substrings.forEach((substring, index) => {
    params[`gram${index}`] = `%${substring}%`;
    where.push(`d.folded like $gram${index}`);
    if (artistOnly) where.push(`lower(t.primary_artist_name) like $gram${index}`);
  });
  if (!words.length) {
    params.gramText = substrings.join(" ");
    return {
      from: "search_documents d join tracks t on t.id = d.track_id",
      where,
      relevance: "-similarity(d.folded, $gramText)::float8",
    };
  }
  // Each word folded as the documents are (search_fold), as a prefix, of the artist's weight (B) when asked.
  params.words = JSON.stringify(words);
  const query = `to_tsquery('simple', (select string_agg(quote_literal(trim(search_fold(w))) || ':*${artistOnly ? "B" : ""}', ' & ')
    from json_array_elements_text(cast(cast($words as text) as json)) w))`;
  return {
    from: `search_documents d join tracks t on t.id = d.track_id cross join (select ${query} as query) q`,
    where: ["d.document @@ q.query", ...where],
    relevance: "-ts_rank(d.document, q.query)::float8",
  };
}

/** modules/tracks/access.ts for lists of matches: active tracks, public or the viewer's own or shared with them. */
function visible(viewerId: string | null, params: Params): string {
  if (!viewerId) return `t.status = 'ACTIVE' and t.is_public = ${TRUE}`;
  params.viewer = viewerId;
  return `t.status = 'ACTIVE' and (t.is_public = ${TRUE} or t.user_id = $viewer
    or exists (select 1 from track_shares sh where sh.track_id = t.id and sh.user_id = $viewer))`;
}

/** Titles and artists sort as the lists do (modules/lists/repo.ts): lowered, compared bytewise. */
const caseless = (column: string) => (isPostgres ? `lower(${column}) collate "C"` : `lower(${column})`);
const SORT_SQL: Record<SortField, string> = {
  createdAt: "t.created_at",
  title: caseless("t.title"),
  primaryArtistName: caseless("t.primary_artist_name"),
  // Durations are never negative: a track still being measured sorts first ascending, as in the lists.
  duration: "coalesce(t.duration, -1)",
};

/** `columns` after `place` in one direction: the keyset condition, one bound parameter per column. */
function keyset(columns: string[], place: Place, direction: "asc" | "desc", params: Params): string {
  const cmp = direction === "asc" ? ">" : "<";
  const branches = columns.map((column, index) => {
    params[`k${index}`] = place[index] ?? null;
    const equal = columns.slice(0, index).map((before, at) => `${before} = $k${at}`);
    return `(${[...equal, `${column} ${cmp} $k${index}`].join(" and ")})`;
  });
  return `where ${branches.join(" or ")}`;
}

/** The columns each type pages by: the sort value first, then ids that make the order total. */
const PLACE_COLUMNS: Record<SearchType, string[]> = {
  tracks: ["v", "id"],
  stems: ["v", "id", "sidx", "sid"],
  artists: ["v", "name"],
};

export type Row = Record<string, string | number>;

/**
 * One page of `take` results after `after`: the tracks' ids, the stems' (track, index and stem ids), or the artists'
 * names with counts; each row with its place (`PLACE_COLUMNS`).
 */
async function searchPage(request: SearchRequest): Promise<{ rows: Row[]; columns: string[] }> {
  const { type, terms, conditions, order } = request;
  const params: Params = { take: request.take };
  const match = matching(terms, type === "artists", params);
  const value = order.by === "relevance" ? match.relevance : SORT_SQL[order.by];
  const direction = order.by === "relevance" ? "asc" : order.direction;
  const where = [...match.where, visible(conditions.viewerId, params), ...filterConditions(conditions.filters, params)].join(
    " and ",
  );
  let inner: string;
  let matches = "";
  if (type === "tracks") inner = `select t.id as id, ${value} as v from ${match.from} where ${where}`;
  else if (type === "stems") {
    const { stemType } = conditions.filters;
    if (stemType) params.stemType = stemType;
    const ofType = stemType ? " and s.type = $stemType" : "";
    inner = `select t.id as id, s."index" as sidx, s.id as sid, ${value} as v
      from ${match.from} join stems s on s.track_id = t.id${ofType} where ${where}`;
  } else {
    // An artist's place is its best match (or its name, lowered, which is the same for every row of the group).
    // Materialized: SQLite cannot aggregate bm25() in a query it would flatten into.
    matches = `with m as materialized (select t.primary_artist_name as name, ${value} as v from ${match.from} where ${where}) `;
    inner = "select m.name as name, min(m.v) as v, count(*) as n from m group by m.name";
  }
  const columns = PLACE_COLUMNS[type];
  const after = request.after ? keyset(columns, request.after, direction, params) : "";
  const orderBy = columns.map((column) => `${column} ${direction}`).join(", ");
  const rows = await allRaw<Row>(`${matches}select * from (${inner}) x ${after} order by ${orderBy} limit $take`, params);
  // PostgreSQL hands bigint (created_at, counts) over as text.
  return {
    rows: rows.map((row) => ({ ...row, v: order.by === "createdAt" ? Number(row.v) : (row.v as number | string) })),
    columns,
  };
}

/** The rows for these ids, in the order given. */
async function tracksInOrder(ids: string[]): Promise<Track[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select()
    .from(tracks)
    .where(inJsonArray(tracks.id, JSON.stringify(ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function stemsInOrder(ids: string[]): Promise<Stem[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select()
    .from(stems)
    .where(inJsonArray(stems.id, JSON.stringify(ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const searchRepo = { searchPage, tracksInOrder, stemsInOrder };
