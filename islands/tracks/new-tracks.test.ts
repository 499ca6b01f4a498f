/** withNewTracks: a list's new tracks (from a fresh read of its first page) join it in its sort, never twice. */
import { expect, test } from "bun:test";
import type { TrackListItem } from "../../modules/tracks/model";
import { withNewTracks } from "./new-tracks";

const tracks = (...ids: string[]) => ids.map((id) => ({ id }) as TrackListItem);
const ids = (list: TrackListItem[]) => list.map((track) => track.id);

test("a new track goes before the next track of the first page that the list shows", () => {
  expect(ids(withNewTracks(tracks("b", "c", "d"), tracks("new", "b", "c"), false))).toEqual(["new", "b", "c", "d"]);
  // In another sort it lands where that sort puts it, not on top.
  expect(ids(withNewTracks(tracks("a", "c", "d"), tracks("a", "b", "c"), false))).toEqual(["a", "b", "c", "d"]);
});

test("what the list shows already is never added twice, and nothing is dropped", () => {
  const shown = tracks("a", "b", "c");
  expect(ids(withNewTracks(shown, tracks("a", "b", "c"), true))).toEqual(["a", "b", "c"]);
  expect(ids(withNewTracks(tracks("x", ...ids(shown)), tracks("x", "a"), false))).toEqual(["x", "a", "b", "c"]);
});

test("a new track after everything shown waits for the next page, unless the list has none", () => {
  expect(ids(withNewTracks(tracks("a", "b"), tracks("a", "b", "z"), false))).toEqual(["a", "b"]);
  expect(ids(withNewTracks(tracks("a", "b"), tracks("a", "b", "z"), true))).toEqual(["a", "b", "z"]);
  expect(ids(withNewTracks([], tracks("first"), true))).toEqual(["first"]);
});
