import { expect, test } from "bun:test";
import { artistOrDefault, trackFromFileName } from "./file-names";
import {
  bpmError,
  convertReleaseDate,
  latestReleaseDate,
  originalFormatOf,
  releaseDateError,
  stemFileError,
  stemFromFileName,
  takesStems,
} from "./upload-rules";

test("originalFormat comes from the file's extension, in any case; other types are refused", () => {
  expect(originalFormatOf("Undertow.WAV")).toBe("wav");
  expect(originalFormatOf("dali.xm")).toBe("xm");
  expect(originalFormatOf("gd-giirm.s3m")).toBe("s3m");
  expect(originalFormatOf("song.mp3")).toBeNull();
  expect(originalFormatOf("no-extension")).toBeNull();
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
});

test("release dates: not after today at any precision", () => {
  const today = new Date(2025, 2, 9);
  expect(latestReleaseDate("DAY", today)).toBe("2025-03-09");
  expect(latestReleaseDate("MONTH", today)).toBe("2025-03");
  expect(latestReleaseDate("YEAR", today)).toBe("2025");
  expect(releaseDateError("2025-03-09", "DAY", today)).toBeNull();
  expect(releaseDateError("2025-03-10", "DAY", today)).toBe("Release date cannot be in the future");
  expect(releaseDateError("2025-04", "MONTH", today)).toBe("Release date cannot be in the future");
  expect(releaseDateError("2026", "YEAR", today)).toBe("Release date cannot be in the future");
  expect(releaseDateError("", "DAY", today)).toBeNull();
  expect(releaseDateError("99", "YEAR", today)).toBe("Release date must be a valid date");
});

test("changing precision keeps what still fits", () => {
  expect(convertReleaseDate("2024-03-05", "MONTH")).toBe("2024-03");
  expect(convertReleaseDate("2024-03", "YEAR")).toBe("2024");
  expect(convertReleaseDate("2024", "DAY")).toBe("2024-01-01");
  expect(convertReleaseDate("", "YEAR")).toBe("");
});

test("titles and artists from file names", () => {
  expect(trackFromFileName("01 - Nova Drift - Opening Signal.wav")).toEqual({ title: "Opening Signal", artist: "Nova Drift" });
  expect(trackFromFileName("03 - Nova Drift - Night Bus (feat. Ada Byte).wav")).toEqual({
    title: "Night Bus (feat. Ada Byte)",
    artist: "Nova Drift",
  });
  expect(trackFromFileName("07_untitled_loop.flac")).toEqual({ title: "untitled loop", artist: null });
  expect(trackFromFileName("dali.xm")).toEqual({ title: "dali", artist: null });
  expect(trackFromFileName("A - B - C.wav")).toEqual({ title: "B - C", artist: "A" });
  expect(artistOrDefault(null, "  ")).toBe("Unknown Artist");
  expect(artistOrDefault(null, "Ada Byte")).toBe("Ada Byte");
  expect(artistOrDefault("Nova Drift", "Ada Byte")).toBe("Nova Drift");
});

test("a stem's name and type are guessed from its file name", () => {
  expect(stemFromFileName("Nova Drift - Undertow - bass.wav")).toEqual({ name: "bass", type: "bass" });
  expect(stemFromFileName("Undertow - Drums.flac")).toEqual({ name: "Drums", type: "drums" });
  expect(stemFromFileName("pad_layer.wav")).toEqual({ name: "pad layer", type: "audio" });
});
