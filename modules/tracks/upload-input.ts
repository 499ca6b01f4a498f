import type { AudioFormat } from "../../src/server/audio/sniff";
import { badRequest } from "../../src/server/errors";
import { licenseExists } from "../licenses/service";
import { ORIGINAL_FORMATS, RELEASE_DATE_PRECISIONS, STEM_TYPES } from "./schema";

/** The checked `data` part of POST /api/track (SPEC §7), with SPEC §5 defaults applied. */
export interface UploadInput {
  title: string;
  primaryArtistName: string;
  originalFormat: AudioFormat | null;
  bpm: number | null;
  key: string | null;
  genreNames: string[];
  description: string;
  isExplicit: boolean;
  isPublic: boolean;
  licenseId: string;
  releaseDate: string | null;
  releaseDatePrecision: (typeof RELEASE_DATE_PRECISIONS)[number];
  stemMetadata: { name: string; type: (typeof STEM_TYPES)[number] }[];
}

export const MAX_STEMS = 20;
const MAX_GENRES = 20;
const STEM_FORMATS: readonly string[] = ["wav", "flac"];

type Raw = Record<string, unknown>;

function optionalText(raw: Raw, field: string, max: number): string | null {
  const value = raw[field];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw badRequest(`${field} must be text`);
  if (value.length > max) throw badRequest(`${field} must be at most ${max} characters`);
  return value.trim() || null;
}

function requiredText(raw: Raw, field: string, message: string, max: number): string {
  const value = optionalText(raw, field, max);
  if (!value) throw badRequest(message);
  return value;
}

function flag(raw: Raw, field: string, fallback: boolean): boolean {
  const value = raw[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw badRequest(`${field} must be true or false`);
  return value;
}

function bpmOf(raw: Raw): number | null {
  const value = raw.bpm;
  if (value === undefined || value === null || value === "") return null;
  const bpm = typeof value === "string" ? Number(value) : value;
  if (typeof bpm !== "number" || !Number.isInteger(bpm) || bpm < 1 || bpm > 999) {
    throw badRequest("BPM must be a whole number from 1 to 999");
  }
  return bpm;
}

/** Accepts YYYY, YYYY-MM, YYYY-MM-DD or a full ISO timestamp; stores YYYY-MM-DD; never in the future. */
function releaseDateOf(raw: Raw): string | null {
  const value = optionalText(raw, "releaseDate", 40);
  if (!value) return null;
  const match = value.match(/^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2] ?? 1) - 1, Number(match[3] ?? 1))) : null;
  if (!date || Number.isNaN(date.getTime()) || (match?.[2] && date.getUTCMonth() !== Number(match[2]) - 1)) {
    throw badRequest("Release date must be a valid date");
  }
  if (date.getTime() > Date.now()) throw badRequest("Release date cannot be in the future");
  return date.toISOString().slice(0, 10);
}

function genresOf(raw: Raw): string[] {
  const value = raw.genreNames ?? [];
  if (!Array.isArray(value) || value.some((genre) => typeof genre !== "string"))
    throw badRequest("genreNames must be a list of text");
  const genres = [...new Set((value as string[]).map((genre) => genre.trim()).filter(Boolean))];
  if (genres.length > MAX_GENRES) throw badRequest(`A track can have at most ${MAX_GENRES} genres`);
  if (genres.some((genre) => genre.length > 50)) throw badRequest("Each genre must be at most 50 characters");
  return genres;
}

function stemMetadataOf(raw: Raw): UploadInput["stemMetadata"] {
  const value = raw.stemMetadata ?? [];
  if (!Array.isArray(value)) throw badRequest("stemMetadata must be a list");
  if (value.length > MAX_STEMS) throw badRequest(`A track can have at most ${MAX_STEMS} stems`);
  return value.map((entry, index) => {
    const stem = (entry ?? {}) as Raw;
    const name = requiredText(stem, "name", `Stem ${index + 1} needs a name`, 100);
    const type = stem.type ?? "audio";
    if (!STEM_TYPES.includes(type as never)) throw badRequest(`Stem type must be one of: ${STEM_TYPES.join(", ")}`);
    return { name, type: type as (typeof STEM_TYPES)[number] };
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

/** The Track Info fields that upload (POST /api/track) and edit (PATCH /api/track/{id}) share. */
export type TrackInfo = Omit<UploadInput, "originalFormat" | "stemMetadata">;

/**
 * Checks the Track Info fields with one set of rules for upload and edit; throws the first problem
 * as a 400. Absent flags take `flagDefaults` (upload: SPEC §5 defaults; edit: the track's own values).
 */
export function parseTrackInfo(data: unknown, flagDefaults = { isExplicit: false, isPublic: true }): TrackInfo {
  const raw = trackDataObject(data);
  const title = requiredText(raw, "title", "Title is required", 200);
  const primaryArtistName = requiredText(raw, "primaryArtistName", "Primary artist name is required", 200);
  const licenseId = optionalText(raw, "licenseId", 100);
  if (!licenseId) throw badRequest("License selection is required");
  if (!licenseExists(licenseId)) throw badRequest("The selected license does not exist");
  const precision = raw.releaseDatePrecision ?? "DAY";
  if (!RELEASE_DATE_PRECISIONS.includes(precision as never))
    throw badRequest("Release date precision must be YEAR, MONTH or DAY");
  return {
    title,
    primaryArtistName,
    bpm: bpmOf(raw),
    key: optionalText(raw, "key", 20),
    genreNames: genresOf(raw),
    description: optionalText(raw, "description", 5000) ?? "",
    isExplicit: flag(raw, "isExplicit", flagDefaults.isExplicit),
    isPublic: flag(raw, "isPublic", flagDefaults.isPublic),
    licenseId,
    releaseDate: releaseDateOf(raw),
    releaseDatePrecision: precision as TrackInfo["releaseDatePrecision"],
  };
}

/** Parses and checks the JSON `data` field of an upload; throws the first problem as a 400. */
export function parseUploadInput(data: unknown): UploadInput {
  const raw = trackDataObject(data);
  const info = parseTrackInfo(raw);
  const originalFormat = optionalText(raw, "originalFormat", 10)?.toLowerCase() ?? null;
  if (originalFormat && !ORIGINAL_FORMATS.includes(originalFormat as never)) {
    throw badRequest(`Original format must be one of: ${ORIGINAL_FORMATS.join(", ")}`);
  }
  return { ...info, originalFormat: originalFormat as AudioFormat | null, stemMetadata: stemMetadataOf(raw) };
}

/** The lower-cased extension of an upload's name, when it is one we accept. */
export function extensionFormat(fileName: string): AudioFormat | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext && ORIGINAL_FORMATS.includes(ext as never) ? (ext as AudioFormat) : null;
}

export function isStemFormat(format: AudioFormat | null): boolean {
  return format !== null && STEM_FORMATS.includes(format);
}
