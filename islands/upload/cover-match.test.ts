import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { CORPUS } from "../../tests/support/corpus";
import { COVER_MATCH_THRESHOLD, coverScore, matchCovers, normaliseName, similarity } from "./cover-match";

const expected = (await Bun.file(`${CORPUS}/album-expected-matches.json`).json()) as {
  cover_for_track: Record<string, string>;
  album_cover: string;
  unmatched_images: string[];
};
const albumFiles = readdirSync(`${CORPUS}/album`).sort();
const tracks = albumFiles.filter((name) => /\.wav$/i.test(name));
const covers = albumFiles.filter((name) => /\.(jpe?g|png)$/i.test(name));

test("the album's covers go to exactly the tracks album-expected-matches.json names", () => {
  const matches = matchCovers(tracks, covers);
  const found = Object.fromEntries([...matches].map(([track, cover]) => [tracks[track], covers[cover]]));
  expect(found).toEqual(expected.cover_for_track);
});

test("the album cover and the back cover stay unmatched", () => {
  const used = new Set(matchCovers(tracks, covers).values());
  const left = covers.filter((_, index) => !used.has(index)).sort();
  expect(left).toEqual([expected.album_cover, ...expected.unmatched_images].sort());
});

test("names are normalised: case, extension, track number, art words, punctuation, accents, '&'", () => {
  expect(normaliseName("04 - Nova Drift - Café Solstice.wav")).toBe("nova drift cafe solstice");
  expect(normaliseName("cafe_solstice_artwork.jpg")).toBe("cafe solstice");
  expect(normaliseName("05 - Nova Drift - Rust & Rain.wav")).toBe("nova drift rust and rain");
  expect(normaliseName("Rust and Rain - front.png")).toBe("rust and rain");
  expect(normaliseName("06 - X - The Long Way Home (Extended Mix).wav")).toBe("x the long way home");
  expect(normaliseName("the long way home.JPG")).toBe("the long way home");
  expect(normaliseName("01 - Nova Drift - Opening Signal (cover).jpg")).toBe("nova drift opening signal");
});

test("similarity is 1 for equal names, 0 for empty ones, and symmetric", () => {
  expect(similarity("night bus", "night bus")).toBe(1);
  expect(similarity("", "night bus")).toBe(0);
  expect(similarity("night bus", "night train")).toBe(similarity("night train", "night bus"));
  expect(similarity("night bus", "night train")).toBeLessThan(COVER_MATCH_THRESHOLD);
});

test("the threshold is strict: an unrelated picture never scores above it", () => {
  for (const track of tracks) {
    expect(coverScore(track, "back.jpg")).toBeLessThanOrEqual(COVER_MATCH_THRESHOLD);
    expect(coverScore(track, expected.album_cover)).toBeLessThanOrEqual(COVER_MATCH_THRESHOLD);
  }
});

test("one cover per track: a cover that fits two tracks goes to the closer one", () => {
  const matches = matchCovers(["Night Bus.wav", "Night Bus (Live).wav", "Night Busk.wav"], ["night bus.jpg"]);
  expect([...matches]).toEqual([[0, 0]]);
  const two = matchCovers(["Night Bus.wav", "Morning Bus.wav"], ["morning bus.png", "night bus.png"]);
  expect([...two].sort()).toEqual([
    [0, 1],
    [1, 0],
  ]);
});
