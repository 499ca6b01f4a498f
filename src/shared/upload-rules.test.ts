import { describe, expect, test } from "bun:test";
import {
  bpmError,
  isAfterDay,
  isValidBpm,
  latestDateOnEarth,
  localDate,
  MAX_LENGTH,
  originalFileError,
  originalFormatOf,
  releaseDateError,
  stemFileError,
  takesStems,
  titleError,
} from "./upload-rules";

test("originalFormat comes from the file's extension, in any case; other types are refused", () => {
  expect(originalFormatOf("Undertow.WAV")).toBe("wav");
  expect(originalFormatOf("dali.xm")).toBe("xm");
  expect(originalFormatOf("gd-giirm.s3m")).toBe("s3m");
  expect(originalFormatOf("song.mp3")).toBeNull();
  expect(originalFormatOf("no-extension")).toBeNull();
  expect(originalFormatOf("trick.wav.exe")).toBeNull();
});

test("stems only with a WAV/FLAC original and only as .wav/.flac files", () => {
  expect(takesStems("flac")).toBe(true);
  expect(takesStems("mod")).toBe(false);
  expect(stemFileError("bass.FLAC")).toBeNull();
  expect(stemFileError("bass.mp3")).toBe("Stem files must be .wav or .flac");
});

test("BPM is optional, else a whole number from 1 to 999", () => {
  expect(bpmError("")).toBeNull();
  expect(bpmError("1")).toBeNull();
  expect(bpmError("999")).toBeNull();
  for (const bad of ["0", "1000", "120.5", "-4", "fast"]) expect(bpmError(bad)).toBe("BPM must be a whole number from 1 to 999");
  expect(isValidBpm(120)).toBe(true);
  for (const bad of [0, 1000, 120.5, "120", null]) expect(isValidBpm(bad)).toBe(false);
});

test("the latest day on Earth is UTC+14's: a day ahead of UTC from 10:00 UTC on", () => {
  expect(latestDateOnEarth(new Date("2025-03-09T09:59:59Z"))).toBe("2025-03-09");
  expect(latestDateOnEarth(new Date("2025-03-09T10:00:00Z"))).toBe("2025-03-10");
  expect(latestDateOnEarth(new Date("2025-12-31T12:00:00Z"))).toBe("2026-01-01");
});

test("a release date is refused only once it starts after the latest day given, at every precision", () => {
  // 12:00 UTC on 9 March: it is already 10 March in Kiribati (UTC+14), so the server takes that day.
  const server = latestDateOnEarth(new Date("2025-03-09T12:00:00Z"));
  expect(isAfterDay("2025-03-10", server)).toBe(false);
  expect(isAfterDay("2025-03-11", server)).toBe(true);
  expect(isAfterDay("2025-03", server)).toBe(false);
  expect(isAfterDay("2025-04", server)).toBe(true);
  expect(isAfterDay("2025", server)).toBe(false);
  expect(isAfterDay("2026", server)).toBe(true);
  // A browser in Kiribati, at that moment, offers its own today and refuses the day after.
  expect(releaseDateError("2025-03-10", "DAY", "2025-03-10")).toBeNull();
  expect(releaseDateError("2025-03-11", "DAY", "2025-03-10")).toBe("Release date cannot be in the future");
  expect(localDate(new Date(2025, 2, 9, 23, 59))).toBe("2025-03-09");
});

describe("messages name what the user did", () => {
  test.each([
    ["song.mp3", "MP3 files can't be uploaded as originals: use WAV or FLAC"],
    ["song.OGG", "OGG files can't be uploaded as originals: use WAV or FLAC"],
    ["notes.txt", "Audio file must be a WAV, FLAC, XM, IT, S3M or MOD file"],
    ["no-extension", "Audio file must be a WAV, FLAC, XM, IT, S3M or MOD file"],
  ])("%s → %s", (name, message) => {
    expect(originalFileError(name)).toBe(message);
  });
  test("a title over the server's limit is caught with the limit named", () => {
    expect(titleError("t".repeat(MAX_LENGTH.title))).toBeNull();
    expect(titleError("t".repeat(MAX_LENGTH.title + 1))).toBe("Title must be at most 200 characters");
  });
});
