import { badRequest } from "../../src/server/errors";
import { checkedBody } from "../../src/server/http/checked-body";
import { stripBidiControls } from "../../src/shared/bidi";
import {
  ARTIST_REQUIRED,
  BPM_INVALID,
  type FieldName,
  GENRE_TOO_LONG,
  isAfterDay,
  isValidBpm,
  LICENSE_REQUIRED,
  latestDateOnEarth,
  MAX_GENRE_LENGTH,
  MAX_GENRES,
  MAX_LENGTH,
  MAX_STEMS,
  notTextMessage,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  originalFormatOf,
  RELEASE_DATE_IN_FUTURE,
  RELEASE_DATE_INVALID,
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
import { TrackInfoBody } from "./model";

/** The checked `data` part of POST /api/track (SPEC §7), with SPEC §5 defaults applied. */
export interface UploadData extends TrackInfo {
  originalFormat: OriginalFormat | null;
  stemMetadata: { name: string; type: StemType }[];
}

type Raw = Record<string, unknown>;

/** Text as it is kept: bidi controls removed, trimmed; null when nothing is left. */
export const cleanText = (value: string | null | undefined) => (value ? stripBidiControls(value).trim() : "") || null;

/** Required text is checked again once clean: the schema sees bidi controls as text. */
function requiredText(value: string | null | undefined, message: string): string {
  const cleaned = cleanText(value);
  if (!cleaned) throw badRequest(message);
  return cleaned;
}

/** The schema takes a number or the text of one, as forms send it; the range is checked on the number. */
function bpmOf(value: TrackInfoBody["bpm"]): number | null {
  if (value === undefined || value === null || value === "") return null;
  const bpm = typeof value === "string" ? Number(value) : value;
  if (!isValidBpm(bpm)) throw badRequest(BPM_INVALID);
  return bpm;
}

/**
 * Accepts YYYY, YYYY-MM, YYYY-MM-DD or a full ISO timestamp; stores YYYY-MM-DD. Never in the
 * future, which for a date means after today anywhere on Earth: someone in UTC+14 may release today.
 */
export function releaseDateOf(text: string | null | undefined): string | null {
  const value = cleanText(text);
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

/** Genres are counted and measured once clean and de-duplicated. */
function genresOf(value: TrackInfoBody["genreNames"]): string[] {
  const genres = [...new Set((value ?? []).map((genre) => stripBidiControls(genre).trim()).filter(Boolean))];
  if (genres.length > MAX_GENRES) throw badRequest(TOO_MANY_GENRES);
  if (genres.some((genre) => genre.length > MAX_GENRE_LENGTH)) throw badRequest(GENRE_TOO_LONG);
  return genres;
}

/** An upload's own text fields, beside the Track Info: checked as the schema checks text. */
function uploadText(raw: Raw, field: FieldName, max: number): string | null {
  const value = raw[field];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw badRequest(notTextMessage(field));
  if (value.length > max) throw badRequest(tooLongMessage(field, max));
  return cleanText(value);
}

function stemMetadataOf(raw: Raw): UploadData["stemMetadata"] {
  const value = raw.stemMetadata ?? [];
  if (!Array.isArray(value)) throw badRequest("Stem details must be a list");
  if (value.length > MAX_STEMS) throw badRequest(TOO_MANY_STEMS);
  return value.map((entry, index) => {
    const stem = (entry ?? {}) as Raw;
    const name = requiredText(uploadText(stem, "name", MAX_LENGTH.stemName), stemNameRequired(index));
    const type = stem.type ?? "audio";
    if (!STEM_TYPES.includes(type as never)) throw badRequest(`Stem type must be one of: ${STEM_TYPES.join(", ")}`);
    return { name, type: type as StemType };
  });
}

/** The JSON `data` part of an upload, as an object; anything else is a 400. */
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
 * Checks the Track Info of an upload's `data` or an edit's body with one set of rules: TrackInfoBody's, then what it
 * cannot see; throws the first problem as a 400. Absent flags take `flagDefaults` (upload: SPEC §5 defaults; edit:
 * the track's own values).
 */
export async function parseTrackInfo(body: unknown, flagDefaults = { isExplicit: false, isPublic: true }): Promise<TrackInfo> {
  const info = checkedBody(TrackInfoBody, body);
  const title = requiredText(info.title, TITLE_REQUIRED);
  const primaryArtistName = requiredText(info.primaryArtistName, ARTIST_REQUIRED);
  const licenseId = requiredText(info.licenseId, LICENSE_REQUIRED);
  if (!(await licenseExists(licenseId))) throw badRequest("The selected license does not exist");
  return {
    title,
    primaryArtistName,
    bpm: bpmOf(info.bpm),
    key: cleanText(info.key),
    genreNames: genresOf(info.genreNames),
    description: cleanText(info.description) ?? "",
    isExplicit: info.isExplicit ?? flagDefaults.isExplicit,
    isPublic: info.isPublic ?? flagDefaults.isPublic,
    licenseId,
    releaseDate: releaseDateOf(info.releaseDate),
    releaseDatePrecision: info.releaseDatePrecision ?? "DAY",
  };
}

/** Parses and checks the JSON `data` field of an upload; throws the first problem as a 400. */
export async function parseUploadInput(data: unknown): Promise<UploadData> {
  const raw = trackDataObject(data);
  const info = await parseTrackInfo(raw);
  const originalFormat = uploadText(raw, "originalFormat", 10)?.toLowerCase() ?? null;
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
