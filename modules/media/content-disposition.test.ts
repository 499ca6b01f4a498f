import { describe, expect, test } from "bun:test";
import { attachmentDisposition, safeFileName } from "./content-disposition";

/** The two parameters of a Content-Disposition header, decoded as a browser would. */
function parse(header: string) {
  const ascii = header.match(/filename="([^"]*)"/)?.[1];
  const encoded = header.match(/filename\*=UTF-8''(\S+)$/)?.[1];
  return { ascii, utf8: encoded ? decodeURIComponent(encoded) : undefined };
}

describe("download file names from titles", () => {
  test("a hostile title loses separators, quotes, controls and bidi overrides", () => {
    const header = attachmentDisposition('../../etc/pa"ss\\wd\r\nSet-Cookie: x=1;\u202Egnp.exe\u0000', "wav");
    expect(header).not.toMatch(/\p{Cc}/u);
    const { ascii, utf8 } = parse(header);
    for (const name of [ascii, utf8]) {
      expect(name).toBeDefined();
      expect(name).not.toMatch(/[/\\"\p{Cc}\p{Cf}]/u);
      expect(name?.endsWith(".wav")).toBe(true);
      expect(name?.startsWith(".")).toBe(false);
    }
  });

  test("non-ASCII titles keep their letters in filename* and get an ASCII fallback", () => {
    const { ascii, utf8 } = parse(attachmentDisposition("Café Solstice 🎵 100%", "flac"));
    expect(utf8).toBe("Café Solstice 🎵 100%.flac");
    expect(ascii).toBe("Cafe Solstice _ 100_.flac");
  });

  test("RFC 5987 escapes the characters encodeURIComponent leaves alone", () => {
    expect(attachmentDisposition("It's (live)", "mp3")).toContain("filename*=UTF-8''It%27s%20%28live%29.mp3");
  });

  test("empty, dot-only and device-name titles still give a usable name", () => {
    expect(safeFileName("", "mp3")).toBe("track.mp3");
    expect(safeFileName(" ... ", "mp3")).toBe("track.mp3");
    expect(safeFileName("CON", "wav")).toBe("_CON.wav");
  });

  test("long titles are cut by characters, never inside an emoji", () => {
    const name = safeFileName("🎵".repeat(200), "wav");
    expect(Array.from(name.replace(/\.wav$/, ""))).toHaveLength(120);
    expect(name.isWellFormed()).toBe(true);
  });
});
