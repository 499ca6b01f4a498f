import { badRequest } from "../../src/server/errors";
import type { OriginalFormat, StemType } from "../../src/shared/upload-rules";
import { listLicenses } from "../licenses/service";
import { FILTER_NAMES, type LicenseFilter, type TrackFilterQuery } from "./model";

export { filterConditions, type Params } from "./sql";

/**
 * Filters as the queries apply them (sql.ts): genre and key trimmed and lowered (both match in any letter case), the
 * licence filter resolved to the licences it allows. Absent means any.
 */
export interface TrackFilters {
  genre?: string;
  bpmMin?: number;
  bpmMax?: number;
  key?: string;
  licenseIds?: string[];
  hasStems?: boolean;
  stemType?: StemType;
  format?: OriginalFormat;
  isFork?: boolean;
}

/** The licence ids a `license` filter allows: one type, those a fork may use (not all rights reserved), or commercial. */
async function licenseIdsOf(filter: LicenseFilter | undefined): Promise<string[] | undefined> {
  if (!filter) return undefined;
  const licenses = await listLicenses();
  return licenses
    .filter((license) =>
      filter === "remixable"
        ? license.type !== "ALL_RIGHTS_RESERVED"
        : filter === "commercial"
          ? license.allowsCommercialUse
          : license.type === filter,
    )
    .map((license) => license.id);
}

/**
 * The filters a query asks for (its other parameters are ignored); 400 when they contradict each other. The range's
 * message names the fields of the filter form (TrackFilterFields.astro), which shows it as it comes.
 */
export async function trackFiltersOf(query: TrackFilterQuery): Promise<TrackFilters> {
  const { genre, bpmMin, bpmMax, key, license, hasStems, stemType, format, isFork } = query;
  if (bpmMin !== undefined && bpmMax !== undefined && bpmMin > bpmMax)
    throw badRequest("BPM from must not be greater than BPM to");
  return {
    genre: genre?.trim().toLowerCase(),
    bpmMin,
    bpmMax,
    key: key?.trim().toLowerCase(),
    licenseIds: await licenseIdsOf(license),
    hasStems,
    stemType,
    format,
    isFork,
  };
}

/**
 * What names a query's filters in a cursor: "" without any, else a hash of their values as applied (so `genre=House`
 * and `genre=house` share cursors). A cursor made under other filters names a place in another list, whose next page
 * would skip or repeat tracks: lists and search refuse it.
 */
export function filtersKeyOf(query: TrackFilterQuery): string {
  const values = FILTER_NAMES.map((name) => {
    const value = query[name];
    return typeof value === "string" && (name === "genre" || name === "key") ? value.trim().toLowerCase() : (value ?? null);
  });
  return values.every((value) => value === null) ? "" : Bun.hash(JSON.stringify(values)).toString(36);
}

/**
 * Whether a query string sets any filter (a blank field of a plain GET form sets none): such list answers are kept
 * apart from the plain lists (modules/lists), and such home pages are not kept for every instance (public-pages.ts).
 */
export function hasFilters(query: URLSearchParams): boolean {
  return FILTER_NAMES.some((name) => query.get(name)?.trim());
}
