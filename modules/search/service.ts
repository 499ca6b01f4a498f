import { badRequest } from "../../src/server/errors";
import { isCountValue } from "../../src/server/http/cursor";
import { perRuntime } from "../../src/server/runtime";
import { defaultDirectionOf } from "../../src/shared/sort-options";
import type { Viewer } from "../auth/service";
import { listLicenses } from "../licenses/service";
import { filtersKeyOf, trackFiltersOf } from "../track-filters/service";
import { keptJson, trackListJsonOf, trackPageVersionsOf } from "../tracks/service";
import { decodeCursor, encodeCursor, type Place } from "./cursor";
import type { ArtistResult, SearchPage, SearchQuery, StemResult } from "./model";
import { type Order, type Row, searchRepo } from "./repo";
import { hasTerms, termsOf } from "./terms";

const DEFAULT_LIMIT = 20;

/** Relevance unless a list sort (SPEC §9) is asked for; its direction defaults as the lists' do. */
function orderOf(query: SearchQuery): Order {
  const type = query.type ?? "tracks";
  if (!query.sortField) {
    if (query.sortDirection) throw badRequest("sortDirection needs a sortField");
    return { by: "relevance" };
  }
  if (type === "artists" && query.sortField !== "primaryArtistName")
    throw badRequest("Artists sort by relevance or by primaryArtistName");
  const direction = query.sortDirection ?? defaultDirectionOf(query.sortField);
  return { by: query.sortField, direction };
}

/**
 * About 20,000 stem results (400 bytes each): only their track's version ends them. Their count of other tracks
 * having the file depends on the viewer and on other tracks, so it is added to each kept text per request.
 */
const keptStemResults = perRuntime(() => keptJson({ maxBytes: 8 * 1024 * 1024, freshForMs: Number.POSITIVE_INFINITY }));

/** The stem results of a page's rows (the track in `id`, the stem in `sid`) as the text of a JSON array. */
async function stemResultsJson(rows: Row[], viewer: Viewer | null): Promise<string> {
  const stemIds = rows.map((row) => String(row.sid));
  const [versions, copies] = await Promise.all([
    trackPageVersionsOf([...new Set(rows.map((row) => String(row.id)))]),
    searchRepo.otherTracksWithFiles(stemIds, viewer?.id ?? null),
  ]);
  const wanted = rows.map((row) => ({
    key: String(row.sid),
    version: versions.get(String(row.id)),
    members: `"alsoInForks":${copies.get(String(row.sid)) ?? 0}`,
  }));
  return keptStemResults().array(wanted, async (missing) => {
    const stems = await searchRepo.stemResultRows(missing);
    const licenseTypes = new Map((await listLicenses()).map((license) => [license.id, license.type]));
    return stems.map((stem) => {
      const result: Omit<StemResult, "alsoInForks"> = {
        id: stem.id,
        name: stem.name,
        type: stem.type,
        index: stem.index,
        duration: stem.duration,
        bpm: stem.bpm,
        key: stem.key,
        previewUrl: stem.mp3Key ? `/api/track/${stem.trackId}/stem/${stem.id}.mp3` : null,
        track: {
          id: stem.trackId,
          title: stem.title,
          primaryArtistName: stem.primaryArtistName,
          licenseId: stem.licenseId,
          licenseType: licenseTypes.get(stem.licenseId) ?? null,
        },
      };
      return { key: stem.id, version: versions.get(stem.trackId) ?? -1, json: JSON.stringify(result) };
    });
  });
}

const artistResults = (rows: Row[]): ArtistResult[] => rows.map((row) => ({ name: String(row.name), trackCount: Number(row.n) }));

/**
 * GET /api/search: one page of the tracks, stems or artists whose text matches `q` (every word, as a prefix, in any
 * order, case and accents folded; see terms.ts) among what the viewer may see, filtered and paged by cursor. No
 * words (an empty or all-punctuation `q`) means no text condition: the filters alone, newest first by default.
 * Answers the SearchPage's JSON text, tracks written as the lists write them (tracks' trackListJsonOf).
 */
export async function search(query: SearchQuery, viewer: Viewer | null): Promise<string> {
  const type = query.type ?? "tracks";
  const terms = termsOf(query.q);
  const words = hasTerms(terms);
  const requested = orderOf(query);
  // Without words every score is equal: the default list sort (SPEC §9, newest first) is the only useful order.
  const order: Order =
    requested.by === "relevance" && !words
      ? type === "artists"
        ? { by: "primaryArtistName", direction: "asc" }
        : { by: "createdAt", direction: "desc" }
      : requested;
  // A cursor names a place among one text's matches in one order: another text's (whose scores and matches differ)
  // would skip or repeat results, so the words are part of the order a cursor belongs to.
  // The exact title is compared case aside (relevance.ts), so its case is no part of the order either.
  const wordsKey = words ? Bun.hash(JSON.stringify({ ...terms, exactTitle: terms.exactTitle.toLowerCase() })).toString(36) : "";
  const orderKey = [type, order.by, order.by === "relevance" ? "asc" : order.direction, wordsKey].join(":");
  const limit = query.limit ?? DEFAULT_LIMIT;
  const placeSize = searchRepo.placeSize(type, order);
  const filtersKey = filtersKeyOf(query);
  const after = query.cursor ? decodeCursor(query.cursor, orderKey, filtersKey, placeSize) : null;
  if (after && order.by === "likeCount" && !isCountValue(after[0])) throw badRequest("Invalid cursor");
  const conditions = { viewerId: viewer?.id ?? null, filters: await trackFiltersOf(query) };
  const { rows, columns } = await searchRepo.searchPage({ type, terms, conditions, order, after, take: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor(orderKey, filtersKey, columns.map((column) => last[column]) as Place) : null;
  const metadata = { nextCursor };
  // In SearchPage's order: type, items, metadata.
  if (type === "stems")
    return `{"type":"stems","items":${await stemResultsJson(shown, viewer)},"metadata":${JSON.stringify(metadata)}}`;
  if (type === "artists") return JSON.stringify({ type, items: artistResults(shown), metadata } satisfies SearchPage);
  const items = await trackListJsonOf(shown.map((row) => String(row.id)));
  return `{"type":"tracks","items":${items},"metadata":${JSON.stringify(metadata)}}`;
}
