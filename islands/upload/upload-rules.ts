import { extensionOf, withoutExtension } from "./file-names";

/**
 * SPEC §5 upload rules as the form checks them before sending, worded as the server words them
 * (modules/tracks/upload-input.ts and upload.ts), so the user reads one message either way.
 */
export const ORIGINAL_FORMATS = ["wav", "flac", "xm", "it", "s3m", "mod"] as const;
export type OriginalFormat = (typeof ORIGINAL_FORMATS)[number];
export const STEM_TYPES = ["audio", "drums", "bass", "vocals", "lead", "synth", "guitar", "keys", "fx", "other"] as const;
export type StemType = (typeof STEM_TYPES)[number];
export const MAX_STEMS = 20;
export const MAX_GENRES = 20;
export const MAX_GENRE_LENGTH = 50;
export type ReleaseDatePrecision = "YEAR" | "MONTH" | "DAY";

/** What the file pickers offer; the server decides by the bytes anyway. */
export const ORIGINAL_ACCEPT = ORIGINAL_FORMATS.map((format) => `.${format}`).join(",");
export const STEM_ACCEPT = ".wav,.flac";
export const COVER_ACCEPT = "image/jpeg,image/png,image/webp";

/** SPEC §3 originalFormat: the original file's extension, when it is one we take. */
export function originalFormatOf(fileName: string): OriginalFormat | null {
  const ext = extensionOf(fileName);
  return (ORIGINAL_FORMATS as readonly string[]).includes(ext) ? (ext as OriginalFormat) : null;
}

/** Stems belong to WAV/FLAC originals only, and are WAV/FLAC files themselves. */
export const takesStems = (format: OriginalFormat | null) => format === "wav" || format === "flac";
export const isStemFileName = (fileName: string) => takesStems(originalFormatOf(fileName));

export const titleError = (title: string) => (title.trim() ? null : "Title is required");
export const artistError = (artist: string) => (artist.trim() ? null : "Primary artist name is required");
export const originalFileError = (fileName: string) =>
  originalFormatOf(fileName) ? null : "Audio file must be a WAV, FLAC, XM, IT, S3M or MOD file";
export const stemFileError = (fileName: string) => (isStemFileName(fileName) ? null : "Stem files must be .wav or .flac");
export const STEMS_NEED_WAV_OR_FLAC = "Stems can only be added to WAV or FLAC tracks";
export const TOO_MANY_STEMS = `A track can have at most ${MAX_STEMS} stems`;

/** BPM is optional; when given, a whole number from 1 to 999. */
export function bpmError(bpm: string): string | null {
  if (!bpm.trim()) return null;
  const value = Number(bpm);
  return Number.isInteger(value) && value >= 1 && value <= 999 ? null : "BPM must be a whole number from 1 to 999";
}

const pad = (value: number) => String(value).padStart(2, "0");

/** Today's date in the user's calendar, as the value of each precision's input ("2025", "2025-03", "2025-03-09"). */
export function latestReleaseDate(precision: ReleaseDatePrecision, today = new Date()): string {
  const year = String(today.getFullYear());
  if (precision === "YEAR") return year;
  const month = `${year}-${pad(today.getMonth() + 1)}`;
  return precision === "MONTH" ? month : `${month}-${pad(today.getDate())}`;
}

const RELEASE_DATE_SHAPE: Record<ReleaseDatePrecision, RegExp> = {
  YEAR: /^\d{4}$/,
  MONTH: /^\d{4}-(0[1-9]|1[0-2])$/,
  DAY: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
};

/** The release date is optional; when given it must read as a date of its precision, not after today. */
export function releaseDateError(value: string, precision: ReleaseDatePrecision, today = new Date()): string | null {
  if (!value) return null;
  if (!RELEASE_DATE_SHAPE[precision].test(value)) return "Release date must be a valid date";
  // Same-shaped ISO strings compare in date order.
  return value > latestReleaseDate(precision, today) ? "Release date cannot be in the future" : null;
}

/** Keeps what still fits when the precision changes: "2024-03-05" → "2024-03" → "2024"; going finer starts on the 1st. */
export function convertReleaseDate(value: string, to: ReleaseDatePrecision): string {
  const [year, month, day] = value.split("-");
  if (!year || !/^\d{4}$/.test(year)) return "";
  if (to === "YEAR") return year;
  if (to === "MONTH") return `${year}-${month ?? "01"}`;
  return `${year}-${month ?? "01"}-${day ?? "01"}`;
}

/** A stem's name and type guessed from its file ("Undertow - bass.wav" → "bass", type bass). */
export function stemFromFileName(fileName: string): { name: string; type: StemType } {
  const name =
    withoutExtension(fileName)
      .split(/\s+-\s+/)
      .pop()
      ?.replace(/_/g, " ")
      .trim() || withoutExtension(fileName);
  const word = name.toLowerCase();
  const type = STEM_TYPES.find((stemType) => word === stemType || word === `${stemType}s`) ?? "audio";
  return { name, type };
}
