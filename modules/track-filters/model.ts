import { t } from "elysia";
import { oneOf } from "../../src/server/http/one-of";
import { ORIGINAL_FORMATS, STEM_TYPES } from "../../src/shared/upload-rules";
import { LICENSE_TYPES } from "../licenses/model";

/** A licence type, or a group of them: `remixable` (a fork may use it: anything but all rights reserved), `commercial`. */
export const LICENSE_FILTERS = [...LICENSE_TYPES, "remixable", "commercial"] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];

const bpm = (name: string) =>
  t.Optional(t.Integer({ minimum: 1, maximum: 999, error: `${name} must be a whole number from 1 to 999` }));
const flag = (name: string) => t.Optional(t.Boolean({ error: `${name} must be true or false` }));

/**
 * The track filters of search and of the public and available lists: query parameters spread into each route's
 * query schema, so the names, the rules and the messages are the same everywhere. Absent means any.
 */
export const trackFilters = {
  genre: t.Optional(t.String({ minLength: 1, maxLength: 100, error: "genre must be text of 1 to 100 characters" })),
  bpmMin: bpm("bpmMin"),
  bpmMax: bpm("bpmMax"),
  key: t.Optional(t.String({ minLength: 1, maxLength: 20, error: "key must be text of 1 to 20 characters" })),
  license: t.Optional(oneOf(LICENSE_FILTERS, `license must be one of ${LICENSE_FILTERS.join(", ")}`)),
  hasStems: flag("hasStems"),
  stemType: t.Optional(oneOf(STEM_TYPES, `stemType must be one of ${STEM_TYPES.join(", ")}`)),
  format: t.Optional(oneOf(ORIGINAL_FORMATS, `format must be one of ${ORIGINAL_FORMATS.join(", ")}`)),
  isFork: flag("isFork"),
};
export const TrackFilterQuery = t.Object(trackFilters);
export type TrackFilterQuery = typeof TrackFilterQuery.static;

/** The filters' parameter names, in one order. */
export const FILTER_NAMES = Object.keys(trackFilters) as Array<keyof TrackFilterQuery>;
