import { describe, expect, test } from "bun:test";
import { ACTIVITY_TEXT, activityLevel } from "../lib/format";
import { nextSelection } from "./selection";

const IDS = ["a", "b", "c", "d", "e"];
const set = (...ids: string[]) => new Set(ids);

describe("selection (SPEC §4)", () => {
  test("a plain click toggles one card", () => {
    expect(nextSelection(IDS, set(), "c", "a", false)).toEqual(set("c"));
    expect(nextSelection(IDS, set("c"), "c", "a", false)).toEqual(set());
  });
  test("shift-click selects the range from the last clicked card when the clicked card is unselected, both ways", () => {
    expect(nextSelection(IDS, set("b"), "d", "b", true)).toEqual(set("b", "c", "d"));
    expect(nextSelection(IDS, set("d"), "a", "d", true)).toEqual(set("a", "b", "c", "d"));
  });
  test("shift-click deselects the range when the clicked card is selected", () => {
    expect(nextSelection(IDS, set("a", "b", "c", "d", "e"), "d", "b", true)).toEqual(set("a", "e"));
  });
  test("shift-click without an earlier click acts on the one card", () => {
    expect(nextSelection(IDS, set(), "c", null, true)).toEqual(set("c"));
  });
});

describe("activity level (SPEC §4 thresholds 10 and 50)", () => {
  test.each([
    [0, 0, 0],
    [1, 0, 1],
    [5, 4, 1],
    [5, 5, 2],
    [49, 0, 2],
    [25, 25, 3],
    [1000, 3, 3],
  ])("%d plays + %d downloads → level %d", (plays, downloads, level) => {
    expect(activityLevel(plays, downloads)).toBe(level as 0 | 1 | 2 | 3);
  });
  test("texts", () => {
    expect(ACTIVITY_TEXT[0]).toBe("Activity: No plays or downloads yet");
    expect(ACTIVITY_TEXT[3]).toBe("Activity: Track is on fire! 🔥");
  });
});
