import { isPostgres } from "../../src/server/db/dialect";
import { jsonArrayRows } from "../../src/server/db/portable";
import { allRaw } from "../../src/server/db/raw";
import type { SortDirection, SortField } from "../lists/model";
import { filterConditions, type Params, type TrackFilters } from "../track-filters/service";
import type { Stem } from "../tracks/schema";
import type { Place } from "./cursor";
import type { SearchType } from "./model";
import {
  EXACT_TIER,
  exactTitle,
  firstOfItsFile,
  LAST_TIER,
  pgRelevance,
  pgTierQueries,
  pgWordsQuery,
  relevanceOf,
  sqliteTierQuery,
  TIER_COLUMNS,
} from "./relevance";
import { ftsQuery, hasTerms, type Terms } from "./terms";

/**
 * The search queries, hand-written per dialect: the index (migrations 0019_search, pg/0014_search) is raw SQL that
 * drizzle cannot model. Each query is driven by the index (an FTS5 MATCH, or a GIN index scan of the tsvector and
 * the trigrams), joins each match to its track by primary key for the access rule and the filters, and pages by
 * keyset on (sort value, ids). Only fixed fragments are spliced in; every value is a bound parameter. Relevance is the
 * same order on both (relevance.ts); on SQLite, tracks and stems by relevance are read tier by tier (`tieredPage`), so
 * a page costs its own rows, not every match. A stem shared by several matching tracks (forks share their original's
 * files) is listed once (relevance.ts firstOfItsFile).
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

/** Artists' column weights, title first: SQLite's bm25 per FTS column; PostgreSQL's tsvector weights (A-D) follow them. */
const BM25_WEIGHTS = "10.0, 5.0, 3.0, 3.0, 1.0, 3.0";

/**
 * The rows that match the text, and the relevance of each (lower is better): for artists their best match's rank,
 * for tracks and stems on PostgreSQL relevance.ts's order (SQLite reads those tier by tier instead).
 */
function matching(terms: Terms, artistOnly: boolean, params: Params): { from: string; where: string[]; relevance: string } {
  const column = artistOnly ? "artist" : undefined;
  const { words, substrings } = terms;
  if (!words.length && !substrings.length) return { from: "tracks t", where: [], relevance: "0" };
  if (!isPostgres) {
    const table = words.length ? "search_words" : "search_grams";
    params.terms = words.length ? ftsQuery(words, true, column) : ftsQuery(substrings, false, column);
    return { ...ftsMatch(terms, column, params), relevance: `bm25(${table}, ${BM25_WEIGHTS})` };
  }
  const where: string[] = [];
  substrings.forEach((substring, index) => {
    params[`gram${index}`] = `%${substring}%`;
    where.push(`d.folded like $gram${index}`);
    if (artistOnly) where.push(`lower(t.primary_artist_name) like $gram${index}`);
  });
  if (words.length) params.words = JSON.stringify(words);
  if (artistOnly) {
    if (!words.length) {
      params.gramText = substrings.join(" ");
      return {
        from: "search_documents d join tracks t on t.id = d.track_id",
        where,
        relevance: "-similarity(d.folded, $gramText)::float8",
      };
    }
    // Each word folded as the documents are (search_fold), as a prefix, of the artist's weight (B).
    return {
      from: `search_documents d join tracks t on t.id = d.track_id cross join (select ${pgWordsQuery("B")} as query) q`,
      where: ["d.document @@ q.query", ...where],
      relevance: "-ts_rank(d.document, q.query)::float8",
    };
  }
  const relevance = pgRelevance(terms, params);
  if (!words.length) return { from: "search_documents d join tracks t on t.id = d.track_id", where, relevance };
  return {
    from: `search_documents d join tracks t on t.id = d.track_id cross join (select ${pgWordsQuery("")} as query, ${pgTierQueries()}) q`,
    where: ["d.document @@ q.query", ...where],
    relevance,
  };
}

/**
 * SQLite's FTS5 match of `$terms` (set by the caller: the words, or the CJK substrings when there are no words) in
 * the table it searches, aliased `f`, joined to the documents and tracks; with both, the substrings narrow the words'
 * matches (in `column` when given).
 */
function ftsMatch(terms: Terms, column: string | undefined, params: Params): { from: string; where: string[] } {
  const table = terms.words.length ? "search_words" : "search_grams";
  const where = [`${table} match $terms`];
  if (terms.words.length && terms.substrings.length) {
    params.grams = ftsQuery(terms.substrings, false, column);
    where.push("d.id in (select rowid from search_grams where search_grams match $grams)");
  }
  return { from: `${table} f join search_documents d on d.id = f.rowid join tracks t on t.id = d.track_id`, where };
}

/**
 * modules/tracks/access.ts for lists of matches: the track `alias` is active, public or the viewer's own or shared
 * with them.
 */
function visible(viewerId: string | null, params: Params, alias = "t"): string {
  if (!viewerId) return `${alias}.status = 'ACTIVE' and ${alias}.is_public = ${TRUE}`;
  params.viewer = viewerId;
  return `${alias}.status = 'ACTIVE' and (${alias}.is_public = ${TRUE} or ${alias}.user_id = $viewer
    or exists (select 1 from track_shares sh where sh.track_id = ${alias}.id and sh.user_id = $viewer))`;
}

/** Titles and artists sort as the lists do (modules/lists/repo.ts): lowered, compared bytewise. */
const caseless = (column: string) => (isPostgres ? `lower(${column}) collate "C"` : `lower(${column})`);
const SORT_SQL: Record<SortField, string> = {
  createdAt: "t.created_at",
  title: caseless("t.title"),
  primaryArtistName: caseless("t.primary_artist_name"),
  // Durations are never negative: a track still being measured sorts first ascending, as in the lists.
  duration: "coalesce(t.duration, -1)",
  likeCount: "t.like_count",
};

/** A column a page is ordered by, and its direction. */
type Ordered = { sql: string; direction: "asc" | "desc" };

/** The rows after `place` in the order of `columns`: the keyset condition, one bound parameter per column. */
function keyset(columns: Ordered[], place: Array<string | number>, params: Params): string {
  const branches = columns.map(({ sql, direction }, index) => {
    params[`k${index}`] = place[index] ?? null;
    const equal = columns.slice(0, index).map((before, at) => `${before.sql} = $k${at}`);
    return `(${[...equal, `${sql} ${direction === "asc" ? ">" : "<"} $k${index}`].join(" and ")})`;
  });
  return branches.join(" or ");
}

/** A stems join's own condition: only the stems of the type asked for (the filter itself asks only for one such stem). */
function stemTypeCondition({ stemType }: TrackFilters, params: Params): string {
  if (!stemType) return "";
  params.stemType = stemType;
  return " and s.type = $stemType";
}

/** A page's place columns, each with its direction: the sort value first, then what makes the order total. */
function placeColumns(type: SearchType, order: Order): Ordered[] {
  const direction = order.by === "relevance" ? "asc" : order.direction;
  const byValue = (...ids: string[]) => ["v", ...ids].map((sql): Ordered => ({ sql, direction }));
  if (type === "artists") return byValue("name");
  if (order.by !== "relevance") return type === "tracks" ? byValue("id") : byValue("id", "sidx", "sid");
  // Relevance: SQLite's tiered reads page by [relevance, document] (the newest document first); PostgreSQL's by
  // [relevance, created_at], newest first, and the ids.
  const newest: Ordered[] = isPostgres
    ? [
        { sql: "v", direction: "asc" },
        { sql: "c", direction: "desc" },
        { sql: "id", direction: "asc" },
      ]
    : [
        { sql: "v", direction: "asc" },
        { sql: "doc", direction: "desc" },
      ];
  const ofStem: Ordered[] = [
    { sql: "sidx", direction: "asc" },
    { sql: "sid", direction: "asc" },
  ];
  return type === "tracks" ? newest : [...newest, ...ofStem];
}

/** How many values a cursor's place holds for this type and order (cursor.ts checks it). */
const placeSize = (type: SearchType, order: Order): number => placeColumns(type, order).length;

export type Row = Record<string, string | number>;

/**
 * One page of `take` results after `after`: the tracks' ids, the stems' (track, index and stem ids), or the artists'
 * names with counts; each row with its place (`placeColumns`).
 */
async function searchPage(request: SearchRequest): Promise<{ rows: Row[]; columns: string[] }> {
  const { type, terms, conditions, order } = request;
  if (!isPostgres && order.by === "relevance" && type !== "artists" && hasTerms(terms)) return tieredPage({ ...request, type });
  const params: Params = { take: request.take };
  const match = matching(terms, type === "artists", params);
  const value = order.by === "relevance" ? match.relevance : SORT_SQL[order.by];
  const where = [...match.where, visible(conditions.viewerId, params), ...filterConditions(conditions.filters, params)].join(
    " and ",
  );
  let inner: string;
  let matches = "";
  if (type === "tracks") inner = `select t.id as id, ${value} as v, t.created_at as c from ${match.from} where ${where}`;
  else if (type === "stems") {
    const firstShown = firstOfItsFile(`select t.id from ${match.from} where ${where}`);
    inner = `select t.id as id, s."index" as sidx, s.id as sid, ${value} as v, t.created_at as c
      from ${match.from} join stems s on s.track_id = t.id${stemTypeCondition(conditions.filters, params)}
      where ${where} and ${firstShown}`;
  } else {
    // An artist's place is its best match (or its name, lowered, which is the same for every row of the group).
    // Materialized: SQLite cannot aggregate bm25() in a query it would flatten into.
    matches = `with m as materialized (select t.primary_artist_name as name, ${value} as v from ${match.from} where ${where}) `;
    inner = "select m.name as name, min(m.v) as v, count(*) as n from m group by m.name";
  }
  const ordered = placeColumns(type, order);
  const after = request.after ? `where ${keyset(ordered, request.after, params)}` : "";
  const orderBy = ordered.map(({ sql, direction }) => `${sql} ${direction}`).join(", ");
  const rows = await allRaw<Row>(`${matches}select * from (${inner}) x ${after} order by ${orderBy} limit $take`, params);
  // PostgreSQL hands bigint (created_at, counts) over as text.
  return {
    rows: rows.map((row) => ({
      ...row,
      v: order.by === "createdAt" ? Number(row.v) : (row.v as number | string),
      ...(row.c === undefined ? {} : { c: Number(row.c) }),
    })),
    columns: ordered.map(({ sql }) => sql),
  };
}

/** A track by relevance on SQLite, with its place: its relevance (relevance.ts) and its document. */
type TieredTrack = { id: string; v: number; doc: number };

/** Where a tiered read resumes: after (or at, `inclusive`) the document `document` of relevance `relevance`. */
type TieredPlace = { relevance: unknown; document: unknown; inclusive: boolean };

/**
 * The reads of a tiered page, in relevance order: the exact titles (originals, then forks, in one read: they are
 * few), then each tier's originals, then its forks. `relevances` are the values its rows may have.
 */
const STEPS: Array<{ tier: number; fork: 0 | 1 | null; relevances: number[] }> = [
  { tier: EXACT_TIER, fork: null, relevances: [relevanceOf(EXACT_TIER, 0), relevanceOf(EXACT_TIER, 1)] },
  ...[1, 2, 3, LAST_TIER].flatMap((tier) =>
    ([0, 1] as const).map((fork) => ({ tier, fork, relevances: [relevanceOf(tier, fork)] })),
  ),
];

/**
 * Tracks by relevance on SQLite, read by STEPS, each step's matches newest document first (its rowid, the order
 * tracks were indexed). Ranking every match (bm25) costs every match's row; FTS5 hands its matches over in rowid order
 * itself, so each step's query stops at the page's last row, and a step is read only when those before it ran out. A
 * tier excludes the ones before it with FTS5's NOT, the title tier the exact titles. The rows start after `place` (or
 * at it, `inclusive`); a place that is no relevance finds nothing. Terms found only in
 * descriptions skip to the last tier (`matchOutsideDescriptions`).
 */
async function tieredTracks(
  terms: Terms,
  where: (params: Params) => string[],
  place: TieredPlace | null,
  take: number,
): Promise<TieredTrack[]> {
  const rows: TieredTrack[] = [];
  const first = place ? STEPS.findIndex((step) => step.relevances.includes(place.relevance as number)) : 0;
  if (first < 0) return rows;
  const lastTier = STEPS.findIndex((step) => step.tier === LAST_TIER);
  const start = first < lastTier && !(await matchOutsideDescriptions(terms)) ? lastTier : first;
  for (let at = start; at < STEPS.length && rows.length < take; at++) {
    const { tier, fork } = STEPS[at] as (typeof STEPS)[number];
    const params: Params = { take: take - rows.length };
    const conditions: string[] = [];
    let from: string;
    // The exact titles are found by the title index; the tiers by FTS5, in its own (rowid) order.
    let document = "f.rowid";
    if (tier === EXACT_TIER) {
      const exact = exactTitle(terms, params);
      if (!exact) continue;
      from = "tracks t join search_documents d on d.track_id = t.id";
      document = "d.id";
      conditions.push(exact);
    } else {
      params.terms = sqliteTierQuery(terms, tier);
      const match = ftsMatch(terms, undefined, params);
      from = match.from;
      conditions.push(...match.where, `t.is_fork = ${fork}`);
      const exact = tier === 1 && exactTitle(terms, params);
      if (exact) conditions.push(`not (${exact})`);
    }
    const value = fork === null ? `2 * ${tier} + t.is_fork` : String(relevanceOf(tier, fork));
    if (place && at === first) {
      params.afterDocument = typeof place.document === "number" ? place.document : null;
      params.afterRelevance = place.relevance as number;
      const after = `${document} ${place.inclusive ? "<=" : "<"} $afterDocument`;
      conditions.push(fork === null ? `(${value} > $afterRelevance or (${value} = $afterRelevance and ${after}))` : after);
    }
    const sql = `select t.id as id, ${value} as v, ${document} as doc from ${from}
      where ${[...conditions, ...where(params)].join(" and ")}
      order by ${fork === null ? "t.is_fork, " : ""}${document} desc limit $take`;
    rows.push(...(await allRaw<TieredTrack>(sql, params)));
  }
  return rows;
}

/**
 * Whether the terms match anywhere outside descriptions, in any track (the tier before the last holds every other
 * column). A tier with no match costs a read of all the terms' matches (3 ms each for a word in all 100,000
 * descriptions); when nothing matches outside descriptions, no tier before the last can hold a match, which this
 * query, stopping at the first match, tells for one such read.
 */
async function matchOutsideDescriptions(terms: Terms): Promise<boolean> {
  const words = terms.words.length > 0;
  const table = words ? "search_words" : "search_grams";
  const ranked = words ? terms.words : terms.substrings;
  const query = ftsQuery(ranked, words, TIER_COLUMNS[TIER_COLUMNS.length - 2]);
  return (await allRaw(`select 1 as found from ${table} where ${table} match $terms limit 1`, { terms: query })).length > 0;
}

/**
 * A tiered page of tracks ([relevance, document]) or of their stems ([relevance, document, stem index, stem id]): the
 * stems of one more track than the page could need (every track listed has one), in the tracks' order then by index,
 * the first track's only after the place's stem; each file once (firstOfItsFile), so more tracks are read while a
 * read's stems are all listed for other tracks.
 */
async function tieredPage(request: SearchRequest & { type: "tracks" | "stems" }): Promise<{ rows: Row[]; columns: string[] }> {
  const { type, terms, conditions, after, take } = request;
  const { stemType } = conditions.filters;
  const where = (params: Params) => [
    visible(conditions.viewerId, params),
    ...filterConditions(conditions.filters, params),
    // With a stemType the filter already asks for such a stem.
    ...(type === "stems" && !stemType ? ["exists (select 1 from stems hs where hs.track_id = t.id)"] : []),
  ];
  const columns = placeColumns(type, { by: "relevance" }).map(({ sql }) => sql);
  let from: TieredPlace | null = after && { relevance: after[0], document: after[1], inclusive: type === "stems" };
  if (type === "tracks") return { rows: await tieredTracks(terms, where, from, take), columns };
  const rows: Row[] = [];
  for (;;) {
    const tracks = await tieredTracks(terms, where, from, take + 1);
    rows.push(...(await stemsOfTracks(tracks, request, from?.inclusive ? after : null)));
    const last = tracks.at(-1);
    if (rows.length >= take || tracks.length < take + 1 || !last) break;
    from = { relevance: last.v, document: last.doc, inclusive: false };
  }
  return { rows: rows.slice(0, take), columns };
}

/** The stems of a tiered read's tracks, in their order: each file once, the place's track's after its stem. */
async function stemsOfTracks(tracks: TieredTrack[], request: SearchRequest, after: Place | null): Promise<Row[]> {
  const { terms, conditions } = request;
  const params: Params = { ids: JSON.stringify(tracks.map((track) => track.id)) };
  const conditionsOfStems = [`s.track_id in (${jsonArrayRows("ids")})${stemTypeCondition(conditions.filters, params)}`];
  const placeTrack = after && tracks[0]?.doc === after[1] ? tracks[0] : undefined;
  if (after && placeTrack) {
    params.afterTrack = placeTrack.id;
    const ordered: Ordered[] = [
      { sql: 's."index"', direction: "asc" },
      { sql: "s.id", direction: "asc" },
    ];
    conditionsOfStems.push(`(s.track_id <> $afterTrack or ${keyset(ordered, after.slice(2), params)})`);
  }
  // Every match of the terms, in any tier: the tracks whose stems may be shown instead.
  const words = terms.words.length > 0;
  params.terms = ftsQuery(words ? terms.words : terms.substrings, words);
  const match = ftsMatch(terms, undefined, params);
  const matches = `select t.id from ${match.from} where ${[
    ...match.where,
    visible(conditions.viewerId, params),
    ...filterConditions(conditions.filters, params),
  ].join(" and ")}`;
  const stemRows = await allRaw<{ track: string; sidx: number; sid: string }>(
    `select s.track_id as track, s."index" as sidx, s.id as sid from stems s join tracks t on t.id = s.track_id
      where ${conditionsOfStems.join(" and ")} and ${firstOfItsFile(matches)}
      order by s.track_id, s."index", s.id`,
    params,
  );
  const stemsOf = Map.groupBy(stemRows, (stem) => stem.track);
  return tracks.flatMap((track) => (stemsOf.get(track.id) ?? []).map(({ sidx, sid }): Row => ({ ...track, sidx, sid })));
}

/** For each of these stems, how many other tracks the viewer may see have its file (forks of its track, mostly). */
async function otherTracksWithFiles(stemIds: string[], viewerId: string | null): Promise<Map<string, number>> {
  if (!stemIds.length) return new Map();
  const params: Params = { ids: JSON.stringify(stemIds) };
  const rows = await allRaw<{ id: string; n: number | string }>(
    `select s.id as id, count(distinct o.track_id) as n from stems s
      join stems o on o.file_key = s.file_key and o.track_id <> s.track_id join tracks t on t.id = o.track_id
      where s.id in (${jsonArrayRows("ids")}) and ${visible(viewerId, params)} group by s.id`,
    params,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** What a stem result shows of its stem and of its track (service.ts): never the stems' long waveforms. */
export interface StemResultRow {
  id: string;
  trackId: string;
  name: string;
  type: Stem["type"];
  index: number;
  duration: number | null;
  mp3Key: string | null;
  title: string;
  primaryArtistName: string;
  licenseId: string;
  bpm: number | null;
  key: string | null;
}

/** The stem results of these stem ids, in the order given: one statement, its rows as they come (no mapping). */
async function stemResultRows(ids: string[]): Promise<StemResultRow[]> {
  if (!ids.length) return [];
  const rows = await allRaw<StemResultRow>(
    `select s.id as "id", s.track_id as "trackId", s.name as "name", s.type as "type", s."index" as "index",
      s.duration as "duration", s.mp3_key as "mp3Key", t.title as "title", t.primary_artist_name as "primaryArtistName",
      t.license_id as "licenseId", t.bpm as "bpm", t."key" as "key"
      from stems s join tracks t on t.id = s.track_id where s.id in (${jsonArrayRows("ids")})`,
    { ids: JSON.stringify(ids) },
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const searchRepo = { searchPage, placeSize, stemResultRows, otherTracksWithFiles };
