import { beforeEach, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { CORPUS } from "../../tests/support/corpus";
import {
  $bulkUpload,
  addFiles,
  canStartUpload,
  clearAll,
  discardCover,
  isComplete,
  isInProgress,
  moveCover,
  removeMatch,
  setDefaultLicenseId,
} from "./bulk-store";

const ALBUM = `${CORPUS}/album`;
const expected = (await Bun.file(`${CORPUS}/album-expected-matches.json`).json()) as {
  cover_for_track: Record<string, string>;
};
/** The album's files by name only; matching reads names, not bytes. */
const albumFiles = () => readdirSync(ALBUM).map((name) => new File([name], name));
const state = () => $bulkUpload.get();
const coverOf = (title: string) => state().matches.find((m) => m.title === title)?.coverArt?.file.name ?? null;
const unmatched = () =>
  state()
    .unmatchedCoverArt.map((cover) => cover.file.name)
    .sort();

beforeEach(() => {
  clearAll();
  setDefaultLicenseId("");
});

test("dropping the album makes one match per audio file, with the expected covers", () => {
  const skipped = addFiles([...albumFiles(), new File(["x"], "notes.txt")]);
  expect(skipped).toEqual(["notes.txt"]);
  const found = Object.fromEntries(state().matches.map((m) => [m.audio.name, m.coverArt?.file.name]));
  expect(found).toEqual(expected.cover_for_track);
  expect(unmatched()).toEqual(["Nova Drift - Tidal Memory (front cover).jpg", "back.jpg"]);
  expect(state().matches.map((m) => [m.title, m.artist, m.uploaded])[0]).toEqual(["Opening Signal", "Nova Drift", false]);
});

test("adding the same files again changes nothing; covers added later find their tracks", () => {
  const files = albumFiles();
  addFiles(files.filter((file) => file.name.endsWith(".wav")));
  expect(state().matches.every((m) => m.coverArt === null)).toBe(true);
  addFiles(files);
  expect(state().matches).toHaveLength(6);
  expect(coverOf("Glass Harbour")).toBe("glass-harbour-cover.png");
});

test("covers move between tracks and the unmatched area; a displaced cover is kept", () => {
  addFiles(albumFiles());
  const back = state().unmatchedCoverArt.find((c) => c.file.name === "back.jpg")?.id as string;
  const glass = state().matches.find((m) => m.title === "Glass Harbour")?.id as string;
  moveCover(back, glass);
  expect(coverOf("Glass Harbour")).toBe("back.jpg");
  expect(unmatched()).toContain("glass-harbour-cover.png");

  const harbourCover = state().unmatchedCoverArt.find((c) => c.file.name === "glass-harbour-cover.png")?.id as string;
  moveCover(harbourCover, glass);
  moveCover(back, null);
  expect(coverOf("Glass Harbour")).toBe("glass-harbour-cover.png");
  expect(unmatched()).toContain("back.jpg");

  discardCover(back);
  expect(unmatched()).not.toContain("back.jpg");
  removeMatch(glass);
  expect(state().matches).toHaveLength(5);
  expect(unmatched()).toContain("glass-harbour-cover.png");
});

test("upload can start only with matches, a licence and something left to upload", () => {
  expect(canStartUpload(state())).toBe(false);
  addFiles(albumFiles());
  expect(canStartUpload(state())).toBe(false);
  setDefaultLicenseId("licence-1");
  expect(canStartUpload(state())).toBe(true);
  $bulkUpload.set({ ...state(), matches: state().matches.map((m) => ({ ...m, uploaded: true })) });
  expect(canStartUpload(state())).toBe(false);
  expect(isComplete(state())).toBe(true);
});

test("in progress while the index points into the list; complete only when every match is uploaded", () => {
  addFiles(albumFiles());
  expect(isInProgress(state())).toBe(false);
  $bulkUpload.set({ ...state(), currentUploadIndex: 2 });
  expect(isInProgress(state())).toBe(true);
  expect(canStartUpload({ ...state(), defaultLicenseId: "licence-1" })).toBe(false);
  expect(isComplete(state())).toBe(false);
  $bulkUpload.set({ ...state(), currentUploadIndex: -1 });
  expect(isInProgress(state())).toBe(false);
  expect(isComplete({ ...state(), matches: [] })).toBe(false);
});
