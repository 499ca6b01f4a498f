/**
 * SPEC §5 rules for a track's info and files, with their messages: the one source of them for the upload and edit
 * forms (islands), the Track Info schema (TrackInfoBody in modules/tracks/model.ts) and what the server checks
 * beyond it (modules/tracks/upload-input.ts, modules/uploads/service.ts), so the user reads one message whichever
 * side refuses.
 */
export const ORIGINAL_FORMATS = ["wav", "flac", "xm", "it", "s3m", "mod"] as const;
export type OriginalFormat = (typeof ORIGINAL_FORMATS)[number];
export const STEM_TYPES = ["audio", "drums", "bass", "vocals", "lead", "synth", "guitar", "keys", "fx", "other"] as const;
export type StemType = (typeof STEM_TYPES)[number];
export const RELEASE_DATE_PRECISIONS = ["YEAR", "MONTH", "DAY"] as const;
export type ReleaseDatePrecision = (typeof RELEASE_DATE_PRECISIONS)[number];

export const MAX_STEMS = 20;
export const MAX_GENRES = 20;
export const MAX_GENRE_LENGTH = 50;
/** Longest accepted text per field (characters). */
export const MAX_LENGTH = { title: 200, primaryArtistName: 200, key: 20, description: 5000, stemName: 100 } as const;

export const TITLE_REQUIRED = "Title is required";
export const ARTIST_REQUIRED = "Primary artist name is required";
export const LICENSE_REQUIRED = "License selection is required";
export const BPM_INVALID = "BPM must be a whole number from 1 to 999";
export const RELEASE_DATE_INVALID = "Release date must be a valid date";
export const RELEASE_DATE_IN_FUTURE = "Release date cannot be in the future";
export const RELEASE_DATE_PRECISION_INVALID = "Release date precision must be YEAR, MONTH or DAY";
export const ORIGINAL_FILE_INVALID = "Audio file must be a WAV, FLAC, XM, IT, S3M or MOD file";
export const STEM_FILE_INVALID = "Stem files must be .wav or .flac";
export const STEMS_NEED_WAV_OR_FLAC = "Stems can only be added to WAV or FLAC tracks";
export const TOO_MANY_STEMS = `A track can have at most ${MAX_STEMS} stems`;
export const TOO_MANY_GENRES = `A track can have at most ${MAX_GENRES} genres`;
export const GENRES_NOT_TEXT = "Genres must be a list of text";
export const GENRE_TOO_LONG = `Each genre must be at most ${MAX_GENRE_LENGTH} characters`;
export const stemNameRequired = (index: number) => `Stem ${index + 1} needs a name`;

/** How a message names each Track Info field: the words on the form, never the JSON name. */
export const FIELD_LABELS = {
  title: "Title",
  primaryArtistName: "Primary artist name",
  key: "Key",
  description: "Description",
  name: "Stem name",
  licenseId: "License",
  releaseDate: "Release date",
  originalFormat: "Original format",
  isExplicit: "The explicit setting",
  isPublic: "The public setting",
  genreNames: "Genres",
  stemMetadata: "Stem details",
} as const;
export type FieldName = keyof typeof FIELD_LABELS;
export const tooLongMessage = (field: FieldName, max: number) => `${FIELD_LABELS[field]} must be at most ${max} characters`;
export const notTextMessage = (field: FieldName) => `${FIELD_LABELS[field]} must be text`;
export const notFlagMessage = (field: FieldName) => `${FIELD_LABELS[field]} must be true or false`;
/** Longest accepted licence id and release date text (a release date may come as a full ISO timestamp). */
export const MAX_LICENSE_ID_LENGTH = 100;
export const MAX_RELEASE_DATE_TEXT = 40;

/** Audio formats people try first that are not originals here: named, with what to use instead. */
const LOSSY_AUDIO = ["mp3", "ogg", "oga", "opus", "m4a", "aac", "wma", "webm"];

/** The Track Info fields that upload (POST /api/track `data`) and edit (PATCH /api/track/{id}) share (SPEC §7). */
export interface TrackInfo {
  title: string;
  primaryArtistName: string;
  bpm: number | null;
  key: string | null;
  genreNames: string[];
  description: string;
  isExplicit: boolean;
  isPublic: boolean;
  licenseId: string;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision;
}

/** SPEC §3 originalFormat: the file name's extension, in any case, when it is one we take. */
export function originalFormatOf(fileName: string): OriginalFormat | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext && (ORIGINAL_FORMATS as readonly string[]).includes(ext) ? (ext as OriginalFormat) : null;
}

/** Stems belong to WAV/FLAC originals only, and are WAV/FLAC files themselves. */
export const takesStems = (format: OriginalFormat | null) => format === "wav" || format === "flac";
export const isStemFileName = (fileName: string) => takesStems(originalFormatOf(fileName));

export function titleError(title: string): string | null {
  if (!title.trim()) return TITLE_REQUIRED;
  return title.length > MAX_LENGTH.title ? tooLongMessage("title", MAX_LENGTH.title) : null;
}
export const artistError = (artist: string) => (artist.trim() ? null : ARTIST_REQUIRED);
export function originalFileError(fileName: string): string | null {
  if (originalFormatOf(fileName)) return null;
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  if (LOSSY_AUDIO.includes(ext)) return `${ext.toUpperCase()} files can't be uploaded as originals: use WAV or FLAC`;
  return ORIGINAL_FILE_INVALID;
}
export const stemFileError = (fileName: string) => (isStemFileName(fileName) ? null : STEM_FILE_INVALID);

export const isValidBpm = (bpm: unknown): bpm is number =>
  typeof bpm === "number" && Number.isInteger(bpm) && bpm >= 1 && bpm <= 999;

/** A form's BPM text: optional; when given, a whole number from 1 to 999. */
export function bpmError(bpm: string): string | null {
  if (!bpm.trim()) return null;
  return isValidBpm(Number(bpm)) ? null : BPM_INVALID;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A day (YYYY-MM-DD) in the calendar of whoever reads it: the browser's own time zone. */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The furthest-ahead day anywhere on Earth right now (UTC+14, Line Islands), YYYY-MM-DD. */
export function latestDateOnEarth(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whether a date (YYYY, YYYY-MM or YYYY-MM-DD) starts after `latestDay` (YYYY-MM-DD). The server
 * passes the latest day on Earth, so nobody's local today is refused; a browser passes its own today.
 */
export function isAfterDay(value: string, latestDay: string): boolean {
  // Same-shaped ISO strings compare in date order.
  return value > latestDay.slice(0, value.length);
}

const RELEASE_DATE_SHAPE: Record<ReleaseDatePrecision, RegExp> = {
  YEAR: /^\d{4}$/,
  MONTH: /^\d{4}-(0[1-9]|1[0-2])$/,
  DAY: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
};

/** A form's release date: optional; when given it reads as a date of its precision, not after `latestDay`. */
export function releaseDateError(value: string, precision: ReleaseDatePrecision, latestDay: string): string | null {
  if (!value) return null;
  if (!RELEASE_DATE_SHAPE[precision].test(value)) return RELEASE_DATE_INVALID;
  return isAfterDay(value, latestDay) ? RELEASE_DATE_IN_FUTURE : null;
}
