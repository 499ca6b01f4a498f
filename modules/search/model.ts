import { t } from "elysia";
import { oneOf } from "../../src/server/one-of";
import { ORIGINAL_FORMATS, STEM_TYPES } from "../../src/shared/upload-rules";
import { LICENSE_TYPES, License } from "../licenses/model";
import { paging, SORT_FIELDS } from "../lists/model";
import { TrackListItem } from "../tracks/model";

export const SEARCH_TYPES = ["tracks", "stems", "artists"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** A licence type, or a group of them: `remixable` (a fork may use it: anything but all rights reserved), `commercial`. */
export const LICENSE_FILTERS = [...LICENSE_TYPES, "remixable", "commercial"] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];
export const MAX_QUERY_LENGTH = 200;

const bpm = (name: string) =>
  t.Optional(t.Integer({ minimum: 1, maximum: 999, error: `${name} must be a whole number from 1 to 999` }));
const flag = (name: string) => t.Optional(t.Boolean({ error: `${name} must be true or false` }));

/** GET /api/search. Absent optional enums stay absent (oneOf), so the service picks the defaults. */
export const SearchQuery = t.Object({
  q: t.Optional(t.String({ maxLength: MAX_QUERY_LENGTH, error: `q must be text of at most ${MAX_QUERY_LENGTH} characters` })),
  type: t.Optional(oneOf(SEARCH_TYPES, `type must be one of ${SEARCH_TYPES.join(", ")}`)),
  ...paging,
  sortField: t.Optional(oneOf(SORT_FIELDS, `sortField must be one of ${SORT_FIELDS.join(", ")}`)),
  genre: t.Optional(t.String({ minLength: 1, maxLength: 100, error: "genre must be text of 1 to 100 characters" })),
  bpmMin: bpm("bpmMin"),
  bpmMax: bpm("bpmMax"),
  key: t.Optional(t.String({ minLength: 1, maxLength: 20, error: "key must be text of 1 to 20 characters" })),
  license: t.Optional(oneOf(LICENSE_FILTERS, `license must be one of ${LICENSE_FILTERS.join(", ")}`)),
  hasStems: flag("hasStems"),
  stemType: t.Optional(oneOf(STEM_TYPES, `stemType must be one of ${STEM_TYPES.join(", ")}`)),
  format: t.Optional(oneOf(ORIGINAL_FORMATS, `format must be one of ${ORIGINAL_FORMATS.join(", ")}`)),
  isFork: flag("isFork"),
});
export type SearchQuery = typeof SearchQuery.static;

const metadata = t.Object({ nextCursor: t.Nullable(t.String()) });

/** A stem found by search, with what its result row shows of its track; `previewUrl` is null until its MP3 exists. */
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
