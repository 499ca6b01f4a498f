/**
 * `Content-Disposition: attachment` built from a user-chosen title. The title may hold anything, so the
 * name keeps only what is safe on every desktop: no control or invisible format characters (bidi
 * overrides can disguise an extension), no path separators, quotes or characters Windows forbids.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\"*:<>?|]+/gu;
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_BASE_CHARACTERS = 120;

/** The download's file name: the cleaned title (or 'track') plus the extension. */
export function safeFileName(title: string, extension: string): string {
  const cleaned = title
    .normalize("NFC")
    .replace(UNSAFE, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  // Array.from counts code points, so cutting never splits an emoji's surrogate pair.
  let base = Array.from(cleaned).slice(0, MAX_BASE_CHARACTERS).join("").trim() || "track";
  if (WINDOWS_DEVICE_NAME.test(base)) base = `_${base}`;
  return `${base}.${extension}`;
}

/** For clients without RFC 5987: accents dropped, anything else outside printable ASCII (and %) becomes _. */
function asciiFallback(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|%/gu, "_");
}

/** RFC 5987 attr-char encoding: encodeURIComponent leaves ' ( ) * unescaped, which the grammar forbids. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function attachmentDisposition(title: string, extension: string): string {
  const name = safeFileName(title, extension);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
