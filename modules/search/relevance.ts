import type { Params } from "../track-filters/service";
import { ftsQuery, type Terms } from "./terms";

/**
 * The order of search results by relevance, the same on both dialects (repo.ts): tiers, best first, then within a
 * tier originals before forks, then the newest first. A result's relevance value is `2 × tier + (1 for a fork)`.
 *
 * Tier 0 is the exact title: the title is the text typed, letter case aside (terms.ts `exactTitle`). Tiers 1 to 4
 * are where every term matches: the title; the title or the artist; these or the uploader, genres and stem names;
 * anywhere, the description too.
 */
export const EXACT_TIER = 0;
export const LAST_TIER = 4;

export const relevanceOf = (tier: number, fork: 0 | 1) => 2 * tier + fork;

/** SQLite: the FTS5 column filters of tiers 1 to 4 (undefined: every column). */
export const TIER_COLUMNS = ["{title}", "{title artist}", "{title artist uploader genres stems}", undefined];

/** PostgreSQL: the tsvector weights of tiers 1 to 3 (A title, B artist, C uploader, genres and stems). */
const TIER_WEIGHTS = ["A", "AB", "ABC"];

/**
 * Whether the track `t`'s title is the text typed, letter case aside, or null when nothing was typed: lower() on both
 * sides, so each dialect compares as its title indexes (tracks_status_title_idx) hold titles.
 */
export function exactTitle(terms: Terms, params: Params): string | null {
  if (!terms.exactTitle) return null;
  params.exactTitle = terms.exactTitle;
  return "lower(t.title) = lower(cast($exactTitle as text))";
}

/** SQLite: the FTS5 query of tier `tier` (1 to 4) alone: its columns, less the tier before it. */
export function sqliteTierQuery(terms: Terms, tier: number): string {
  const words = terms.words.length > 0;
  const within = (at: number) => ftsQuery(words ? terms.words : terms.substrings, words, TIER_COLUMNS[at - 1]);
  return tier === 1 ? within(1) : `${within(tier)} NOT ${within(tier - 1)}`;
}

/** PostgreSQL: a tsquery of the words `$words`, each a prefix, all required, within the `weights` (all when empty). */
export function pgWordsQuery(weights: string): string {
  return `to_tsquery('simple', (select string_agg(quote_literal(trim(search_fold(w))) || ':*${weights}', ' & ')
    from json_array_elements_text(cast(cast($words as text) as json)) w))`;
}

/** PostgreSQL: the word queries of tiers 1 to 3, as columns of the cross-joined `q` (pgRelevance reads them). */
export function pgTierQueries(): string {
  return TIER_WEIGHTS.map((weights) => `${pgWordsQuery(weights)} as tier_${weights.toLowerCase()}`).join(", ");
}

/**
 * PostgreSQL: the relevance value of the track `t` with document `d` (see above), from the tiers' queries of `q`.
 * CJK text alone (trigram substrings, `$gram0`…) tells the title and the artist apart from the rest.
 */
export function pgRelevance(terms: Terms, params: Params): string {
  const exact = exactTitle(terms, params) ?? "false";
  const tiers = terms.words.length
    ? TIER_WEIGHTS.map((weights, at) => `when d.document @@ q.tier_${weights.toLowerCase()} then ${at + 1}`)
    : [
        `when ${terms.substrings.map((_, at) => `${folded("t.title")} like $gram${at}`).join(" and ")} then 1`,
        `when ${terms.substrings.map((_, at) => `(${folded("t.title")} like $gram${at} or ${folded("t.primary_artist_name")} like $gram${at})`).join(" and ")} then 2`,
      ];
  const tier = `case when ${exact} then ${EXACT_TIER} ${tiers.join(" ")} else ${LAST_TIER} end`;
  return `(2 * ${tier} + case when t.is_fork then 1 else 0 end)`;
}

/** As PostgreSQL's search_documents.folded is made: lowered, accents removed. */
const folded = (column: string) => `lower(unaccent('unaccent'::regdictionary, ${column}))`;

/**
 * The stem `s` of the matching track `t` is the one shown for its file: no other track among `matches` (the SQL of
 * the matching tracks' ids) has the same file (a fork shares its original's) and comes first: an original before a
 * fork, else the earliest.
 */
export function firstOfItsFile(matches: string): string {
  return `not exists (select 1 from stems o join tracks ot on ot.id = o.track_id
    where o.file_key = s.file_key and o.track_id <> s.track_id
      and (ot.is_fork < t.is_fork or (ot.is_fork = t.is_fork
        and (ot.created_at < t.created_at or (ot.created_at = t.created_at and ot.id < t.id))))
      and o.track_id in (${matches}))`;
}
