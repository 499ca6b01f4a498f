import { isPostgres } from "../../src/server/db/dialect";
import { jsonArrayRows } from "../../src/server/db/portable";
import type { TrackFilters } from "./service";

/** Named parameters of a raw query (src/server/db/raw.ts `allRaw`). */
export type Params = Record<string, string | number | null>;

const TRUE = isPostgres ? "true" : "1";
const FALSE = isPostgres ? "false" : "0";
const licenseIds = jsonArrayRows("filterLicenses");
const genres = isPostgres ? "json_array_elements_text(cast(t.genre_names as json)) g(value)" : "json_each(t.genre_names) g";

/**
 * The filters as conditions on the tracks row aliased `t`, in either dialect, for the queries of search and of the
 * lists (each joins them to its own access rule and paging). Only fixed fragments are spliced in; every value is a
 * bound parameter added to `params` (names start with `filter`, so they never meet a query's own).
 */
export function filterConditions(filters: TrackFilters, params: Params): string[] {
  const where: string[] = [];
  const { genre, bpmMin, bpmMax, key, licenseIds: licenses, hasStems, stemType, format, isFork } = filters;
  if (genre !== undefined) {
    params.filterGenre = genre;
    where.push(`exists (select 1 from ${genres} where lower(g.value) = $filterGenre)`);
  }
  if (bpmMin !== undefined) {
    params.filterBpmMin = bpmMin;
    where.push("t.bpm >= $filterBpmMin");
  }
  if (bpmMax !== undefined) {
    params.filterBpmMax = bpmMax;
    where.push("t.bpm <= $filterBpmMax");
  }
  if (key !== undefined) {
    params.filterKey = key;
    where.push("lower(t.key) = $filterKey");
  }
  if (licenses) {
    params.filterLicenses = JSON.stringify(licenses);
    where.push(`t.license_id in (${licenseIds})`);
  }
  if (hasStems !== undefined) where.push(`${hasStems ? "" : "not "}exists (select 1 from stems hs where hs.track_id = t.id)`);
  if (stemType !== undefined) {
    params.filterStemType = stemType;
    where.push("exists (select 1 from stems ts where ts.track_id = t.id and ts.type = $filterStemType)");
  }
  if (format !== undefined) {
    params.filterFormat = format;
    where.push("t.original_format = $filterFormat");
  }
  if (isFork !== undefined) where.push(`t.is_fork = ${isFork ? TRUE : FALSE}`);
  return where;
}
