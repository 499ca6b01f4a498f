import { t } from "elysia";
import { oneOf } from "../../src/server/http/one-of";
import { STEM_TYPES } from "../../src/shared/upload-rules";
import { License } from "../licenses/model";
import { paging, SORT_FIELDS } from "../lists/model";
import { trackFilters } from "../track-filters/model";
import { TrackListItem } from "../tracks/model";

export const SEARCH_TYPES = ["tracks", "stems", "artists"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const MAX_QUERY_LENGTH = 200;

/** GET /api/search. Absent optional enums stay absent (oneOf), so the service picks the defaults. */
export const SearchQuery = t.Object({
  q: t.Optional(t.String({ maxLength: MAX_QUERY_LENGTH, error: `q must be text of at most ${MAX_QUERY_LENGTH} characters` })),
  type: t.Optional(oneOf(SEARCH_TYPES, `type must be one of ${SEARCH_TYPES.join(", ")}`)),
  ...paging,
  sortField: t.Optional(oneOf(SORT_FIELDS, `sortField must be one of ${SORT_FIELDS.join(", ")}`)),
  ...trackFilters,
});
export type SearchQuery = typeof SearchQuery.static;

const metadata = t.Object({ nextCursor: t.Nullable(t.String()) });

/**
 * A stem found by search, with what its result row shows of its track; `previewUrl` is null until its MP3 exists.
 * A file shared by several tracks (a fork keeps its original's stems) is one result, of the original's stem (else the
 * earliest track's); `alsoInForks` counts the other tracks the caller may see that have it.
 */
export const StemResult = t.Object({
  id: t.String(),
  name: t.String(),
  type: t.UnionEnum(STEM_TYPES),
  index: t.Number(),
  duration: t.Nullable(t.Number()),
  bpm: t.Nullable(t.Number()),
  key: t.Nullable(t.String()),
  previewUrl: t.Nullable(t.String()),
  track: t.Object({
    id: t.String(),
    title: t.String(),
    primaryArtistName: t.String(),
    licenseId: t.String(),
    licenseType: t.Nullable(License.properties.type),
  }),
  alsoInForks: t.Number(),
});
export type StemResult = typeof StemResult.static;

/** A primary artist name found by search, with how many of the matching tracks the caller may see carry it. */
export const ArtistResult = t.Object({ name: t.String(), trackCount: t.Number() });
export type ArtistResult = typeof ArtistResult.static;

/** One page of results of one type: `items` and `metadata.nextCursor`, like every list (SPEC §3). */
export const SearchPage = t.Union([
  t.Object({ type: t.Literal("tracks"), items: t.Array(TrackListItem), metadata }),
  t.Object({ type: t.Literal("stems"), items: t.Array(StemResult), metadata }),
  t.Object({ type: t.Literal("artists"), items: t.Array(ArtistResult), metadata }),
]);
export type SearchPage = typeof SearchPage.static;
