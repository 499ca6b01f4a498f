/**
 * Names inside an export's zip come from what users typed (track titles, stem names), and unzip tools write them
 * to disk as given. So each becomes one safe path segment: no separators (a title cannot climb out of its folder
 * or add one), no control or invisible format characters (bidi overrides disguise extensions), no runs of dots,
 * nothing Windows forbids, no Windows device name, and a length cap that never splits a character.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\"*:<>?|]+/gu;
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export function safeSegment(text: string, maxCharacters: number, fallback: string): string {
  const cleaned = text
    .normalize("NFC")
    .replace(UNSAFE, " ")
    .replace(/\.{2,}/g, ".")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  // Array.from counts code points, so cutting never splits an emoji's surrogate pair; the cut may leave an end dot.
  const cut = Array.from(cleaned)
    .slice(0, maxCharacters)
    .join("")
    .replace(/[\s.]+$/, "");
  const name = cut || fallback;
  return WINDOWS_DEVICE_NAME.test(name) ? `_${name}` : name;
}

/** A stored format as a file extension; anything unexpected (none is) becomes `bin` rather than part of a path. */
export const safeExtension = (format: string): string => (/^[a-z0-9]{1,5}$/.test(format) ? format : "bin");
