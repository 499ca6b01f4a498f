/**
 * What a user typed, as terms both dialects match the same way. Only runs of letters and digits (with their
 * combining marks) are kept: every other character separates words, exactly as SQLite's unicode61 tokenizer and
 * PostgreSQL's search_fold (migration pg/0014) cut the indexed text. So FTS syntax (`"`, `*`, `NEAR(`, `-`, `:`)
 * and any punctuation are just separators, and nothing typed ever reaches a query as syntax.
 */

/** Scripts written without spaces between words: a run of them is one token, so they are matched as substrings. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Trigram indexes (FTS5 trigram, pg_trgm) find substrings of at least three characters. */
const MIN_SUBSTRING = 3;
/** More words than anyone types; bounds the work a hostile query can ask for. */
const MAX_TERMS = 12;

export interface Terms {
  /** Matched as word prefixes, in any order (each must match). */
  words: string[];
  /** CJK runs of three or more characters, matched as substrings of the text (each must match). */
  substrings: string[];
  /**
   * What a title must be, letter case aside, to be an exact match: the text typed, trimmed, its spaces single; empty
   * when it has no terms. (Compared in SQL by lower(), which the title indexes of both dialects hold: folding accents
   * and punctuation too meant reading every title that starts with the words, milliseconds for a common word.)
   */
  exactTitle: string;
}

/** The runs of letters and digits of a text, lowered, in order: the words the indexes cut it into. */
const runsOf = (text: string | undefined) =>
  ((text ?? "").normalize("NFC").match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []).map((run) => run.toLowerCase());

export function termsOf(text: string | undefined): Terms {
  const runs = runsOf(text);
  const unique = [...new Set(runs)].slice(0, MAX_TERMS);
  return {
    exactTitle: runs.length ? (text ?? "").normalize("NFC").trim().replace(/\s+/g, " ") : "",
    words: unique.filter((run) => !(CJK.test(run) && [...run].length >= MIN_SUBSTRING)),
    substrings: unique.filter((run) => CJK.test(run) && [...run].length >= MIN_SUBSTRING),
  };
}

export const hasTerms = (terms: Terms) => terms.words.length + terms.substrings.length > 0;

/**
 * An FTS5 query of the terms, all required: each quoted (a term holds no quote), words as prefixes; parenthesized,
 * and within `columns` (an FTS5 column filter such as `artist` or `{title artist}`) when given, so it can be an
 * operand of NOT.
 */
export function ftsQuery(terms: string[], prefix: boolean, columns?: string): string {
  const expression = terms.map((term) => `"${term}"${prefix ? "*" : ""}`).join(" AND ");
  return columns ? `${columns} : (${expression})` : `(${expression})`;
}
