import { ORIGINAL_FORMATS, STEM_TYPES, type StemType } from "../../src/shared/upload-rules";

/**
 * Reading track facts out of file names, as people name their exports:
 * "01 - Nova Drift - Opening Signal.wav" is track 1, artist "Nova Drift", title "Opening Signal".
 */

/** What the file pickers offer; the server decides by the bytes anyway. */
export const ORIGINAL_ACCEPT = ORIGINAL_FORMATS.map((format) => `.${format}`).join(",");
export const STEM_ACCEPT = ".wav,.flac";
export const COVER_ACCEPT = "image/jpeg,image/png,image/webp";

/** The name without its extension ("a.b.wav" → "a.b"). */
export function withoutExtension(fileName: string): string {
  return fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
}

/** The lower-case extension without the dot, or "" when there is none. */
export function extensionOf(fileName: string): string {
  return fileName.match(/\.([A-Za-z0-9]{1,5})$/)?.[1]?.toLowerCase() ?? "";
}

/** A leading track number such as "01 - ", "3. ", "07_" or "12 ". */
const TRACK_NUMBER = /^\s*\d{1,3}(?:\s*[-._)]\s*|\s+)/;

/** Title and artist from an audio file's name; `artist` is null when the name does not say. */
export function trackFromFileName(fileName: string): { title: string; artist: string | null } {
  const base = withoutExtension(fileName).replace(/_/g, " ").replace(TRACK_NUMBER, "").trim();
  const parts = base
    .split(/\s+-\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length >= 2) return { artist: parts[0] as string, title: parts.slice(1).join(" - ") };
  return { title: base || withoutExtension(fileName), artist: null };
}

/** SPEC §5: a blank default artist becomes 'Unknown Artist'. */
export function artistOrDefault(artist: string | null, defaultArtistName: string): string {
  return artist ?? (defaultArtistName.trim() || "Unknown Artist");
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
