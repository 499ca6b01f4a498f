import { FILTER_NAMES } from "../../modules/track-filters/model";

/**
 * The track filters an address names (`?genre=house&bpmMin=120`), trimmed, empty ones left out: a plain GET form
 * sends every field, chosen or not. Other parameters (the sort, a cursor, search words) are not filters.
 */
export function filterParamsOf(address: URLSearchParams): URLSearchParams {
  const filters = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = address.get(name)?.trim();
    if (value) filters.set(name, value);
  }
  return filters;
}
