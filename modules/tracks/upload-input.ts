import { badRequest } from "../../src/server/errors";
import { stripBidiControls } from "../../src/shared/bidi";
import {
  ARTIST_REQUIRED,
  BPM_INVALID,
  FIELD_LABELS,
  type FieldName,
  GENRE_TOO_LONG,
  GENRES_NOT_TEXT,
  isAfterDay,
  isValidBpm,
  LICENSE_REQUIRED,
  latestDateOnEarth,
  MAX_GENRE_LENGTH,
  MAX_GENRES,
  MAX_LENGTH,
  MAX_STEMS,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  originalFormatOf,
  RELEASE_DATE_IN_FUTURE,
  RELEASE_DATE_INVALID,
  RELEASE_DATE_PRECISIONS,
  STEM_TYPES,
  type StemType,
  stemNameRequired,
  TITLE_REQUIRED,
  TOO_MANY_GENRES,
  TOO_MANY_STEMS,
  type TrackInfo,
  takesStems,
  tooLongMessage,
} from "../../src/shared/upload-rules";
import { licenseExists } from "../licenses/service";

/** The checked `data` part of POST /api/track (SPEC §7), with SPEC §5 defaults applied. */
export interface UploadData extends TrackInfo {
  originalFormat: OriginalFormat | null;
  stemMetadata: { name: string; type: StemType }[];
}

type Raw = Record<string, unknown>;

function optionalText(raw: Raw, field: FieldName, max: number): string | null {
  const value = raw[field];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw badRequest(`${FIELD_LABELS[field]} must be text`);
  if (value.length > max) throw badRequest(tooLongMessage(field, max));
  return stripBidiControls(value).trim() || null;
}

function requiredText(raw: Raw, field: FieldName, message: string, max: number): string {
  const value = optionalText(raw, field, max);
  if (!value) throw badRequest(message);
  return value;
}

function flag(raw: Raw, field: "isExplicit" | "isPublic", fallback: boolean): boolean {
  const value = raw[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw badRequest(`${FIELD_LABELS[field]} must be true or false`);
  return value;
}

function bpmOf(raw: Raw): number | null {
  const value = raw.bpm;
  if (value === undefined || value === null || value === "") return null;
  const bpm = typeof value === "string" ? Number(value) : value;
  if (!isValidBpm(bpm)) throw badRequest(BPM_INVALID);
  return bpm;
}

/**
 * Accepts YYYY, YYYY-MM, YYYY-MM-DD or a full ISO timestamp; stores YYYY-MM-DD. Never in the
 * future, which for a date means after today anywhere on Earth: someone in UTC+14 may release today.
 */
function releaseDateOf(raw: Raw): string | null {
  const value = optionalText(raw, "releaseDate", 40);
  if (!value) return null;
  const match = value.match(/^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2] ?? 1) - 1, Number(match[3] ?? 1))) : null;
  if (!date || Number.isNaN(date.getTime()) || (match?.[2] && date.getUTCMonth() !== Number(match[2]) - 1)) {
    throw badRequest(RELEASE_DATE_INVALID);
  }
  const day = date.toISOString().slice(0, 10);
  if (isAfterDay(day, latestDateOnEarth())) throw badRequest(RELEASE_DATE_IN_FUTURE);
  return day;
}

function genresOf(raw: Raw): string[] {
  const value = raw.genreNames ?? [];
  if (!Array.isArray(value) || value.some((genre) => typeof genre !== "string")) throw badRequest(GENRES_NOT_TEXT);
  const genres = [...new Set((value as string[]).map((genre) => stripBidiControls(genre).trim()).filter(Boolean))];
  if (genres.length > MAX_GENRES) throw badRequest(TOO_MANY_GENRES);
  if (genres.some((genre) => genre.length > MAX_GENRE_LENGTH)) throw badRequest(GENRE_TOO_LONG);
  return genres;
}

function stemMetadataOf(raw: Raw): UploadData["stemMetadata"] {
  const value = raw.stemMetadata ?? [];
  if (!Array.isArray(value)) throw badRequest("Stem details must be a list");
  if (value.length > MAX_STEMS) throw badRequest(TOO_MANY_STEMS);
  return value.map((entry, index) => {
    const stem = (entry ?? {}) as Raw;
    const name = requiredText(stem, "name", stemNameRequired(index), MAX_LENGTH.stemName);
    const type = stem.type ?? "audio";
    if (!STEM_TYPES.includes(type as never)) throw badRequest(`Stem type must be one of: ${STEM_TYPES.join(", ")}`);
    return { name, type: type as StemType };
  });
}

/** The JSON `data` of an upload or the body of an edit, as an object; anything else is a 400. */
function trackDataObject(data: unknown): Raw {
  if (data === undefined || data === null || data === "") throw badRequest("Track data is required");
  let raw = data as Raw;
  if (typeof data === "string") {
    try {
      raw = JSON.parse(data);
    } catch {
      throw badRequest("Track data must be valid JSON");
    }
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw badRequest("Track data must be a JSON object");
  return raw;
}

/**
 * Checks the Track Info fields with one set of rules for upload and edit; throws the first problem
 * as a 400. Absent flags take `flagDefaults` (upload: SPEC §5 defaults; edit: the track's own values).
 */
export async function parseTrackInfo(data: unknown, flagDefaults = { isExplicit: false, isPublic: true }): Promise<TrackInfo> {
  const raw = trackDataObject(data);
  const title = requiredText(raw, "title", TITLE_REQUIRED, MAX_LENGTH.title);
  const primaryArtistName = requiredText(raw, "primaryArtistName", ARTIST_REQUIRED, MAX_LENGTH.primaryArtistName);
  const licenseId = optionalText(raw, "licenseId", 100);
  if (!licenseId) throw badRequest(LICENSE_REQUIRED);
  if (!(await licenseExists(licenseId))) throw badRequest("The selected license does not exist");
  const precision = raw.releaseDatePrecision ?? "DAY";
  if (!RELEASE_DATE_PRECISIONS.includes(precision as never))
    throw badRequest("Release date precision must be YEAR, MONTH or DAY");
  return {
    title,
    primaryArtistName,
    bpm: bpmOf(raw),
    key: optionalText(raw, "key", MAX_LENGTH.key),
    genreNames: genresOf(raw),
    description: optionalText(raw, "description", MAX_LENGTH.description) ?? "",
    isExplicit: flag(raw, "isExplicit", flagDefaults.isExplicit),
    isPublic: flag(raw, "isPublic", flagDefaults.isPublic),
    licenseId,
    releaseDate: releaseDateOf(raw),
    releaseDatePrecision: precision as TrackInfo["releaseDatePrecision"],
  };
}

/** Parses and checks the JSON `data` field of an upload; throws the first problem as a 400. */
export async function parseUploadInput(data: unknown): Promise<UploadData> {
  const raw = trackDataObject(data);
  const info = await parseTrackInfo(raw);
  const originalFormat = optionalText(raw, "originalFormat", 10)?.toLowerCase() ?? null;
  if (originalFormat && !ORIGINAL_FORMATS.includes(originalFormat as never)) {
    throw badRequest(`Original format must be one of: ${ORIGINAL_FORMATS.join(", ")}`);
  }
  return { ...info, originalFormat: originalFormat as OriginalFormat | null, stemMetadata: stemMetadataOf(raw) };
}

/** The lower-cased extension of an upload's name, when it is one we accept. */
export const extensionFormat = (fileName: string): OriginalFormat | null => originalFormatOf(fileName);

export function isStemFormat(format: OriginalFormat | null): boolean {
  return takesStems(format);
}
