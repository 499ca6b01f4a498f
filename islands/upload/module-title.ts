import { type OriginalFormat, originalFormatOf } from "../../src/shared/upload-rules";

type TrackerFormat = Exclude<OriginalFormat, "wav" | "flac">;

/**
 * Where each tracker format keeps its song title, a fixed-size field near the start of the file, and the magic
 * bytes that say the file is one (MOD has none in its first bytes). A file whose magic is wrong has no title to
 * offer; the server says what is wrong with it.
 */
const TITLE_FIELDS: Record<TrackerFormat, { offset: number; length: number; magic?: { offset: number; text: string } }> = {
  mod: { offset: 0, length: 20 },
  xm: { offset: 17, length: 20, magic: { offset: 0, text: "Extended Module: " } },
  s3m: { offset: 0, length: 28, magic: { offset: 44, text: "SCRM" } },
  it: { offset: 4, length: 26, magic: { offset: 0, text: "IMPM" } },
};
const HEADER_BYTES = 48;

// Trackers wrote titles in the PC's code page; windows-1252 reads the letters they share and never yields a
// control character the title could not show.
const decoder = new TextDecoder("windows-1252");

/**
 * A tracker module's own title from its header bytes: up to the first NUL (the rest of the field is padding, or
 * leftovers of an older title), control characters dropped, spaces trimmed; null when empty or not a module.
 */
export function moduleTitleOf(format: OriginalFormat, header: Uint8Array): string | null {
  if (format === "wav" || format === "flac") return null;
  const { offset, length, magic } = TITLE_FIELDS[format];
  if (magic && decoder.decode(header.subarray(magic.offset, magic.offset + magic.text.length)) !== magic.text) return null;
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  const title = decoder
    .decode(end === -1 ? field : field.subarray(0, end))
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return title || null;
}

/** The title of a chosen module file (read in the browser, before any upload); null for anything else. */
export async function readModuleTitle(file: File): Promise<string | null> {
  const format = originalFormatOf(file.name);
  if (!format) return null;
  return moduleTitleOf(format, new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
}
