import { describe, expect, test } from "bun:test";
import { parseRange } from "./serve-file";

describe("Range header parsing (RFC 9110)", () => {
  test.each([
    ["bytes=0-99", 1000, { start: 0, end: 99 }],
    ["bytes=900-", 1000, { start: 900, end: 999 }],
    ["bytes=-100", 1000, { start: 900, end: 999 }],
    ["bytes=-5000", 1000, { start: 0, end: 999 }],
    ["bytes=990-5000", 1000, { start: 990, end: 999 }],
  ])("%s of %d bytes", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  test.each([["bytes=1000-"], ["bytes=5000-6000"], ["bytes=-0"]])("%s of 1000 bytes is unsatisfiable", (header) => {
    expect(parseRange(header, 1000)).toBe("unsatisfiable");
  });

  test.each([[null], ["bytes=0-1,5-6"], ["items=0-1"], ["bytes=9-3"], ["bytes=-"]])(
    "%p is ignored: the whole file is sent",
    (header) => {
      expect(parseRange(header, 1000)).toBeNull();
    },
  );
});
