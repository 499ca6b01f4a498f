import { describe, expect, test } from "bun:test";
import { matchGainDb, TARGET_LUFS } from "./loudness";

describe("matchGainDb", () => {
  test("a loud track is turned down to the target, whatever its peak", () => {
    expect(matchGainDb({ loudnessLufs: -8, truePeakDb: 0.5 })).toBeCloseTo(TARGET_LUFS + 8, 9);
    expect(matchGainDb({ loudnessLufs: -8, truePeakDb: null })).toBeCloseTo(TARGET_LUFS + 8, 9);
  });

  test("a quiet track is raised to the target when its peak leaves room", () => {
    expect(matchGainDb({ loudnessLufs: -23, truePeakDb: -12 })).toBeCloseTo(TARGET_LUFS + 23, 9);
  });

  test("a quiet track with a high peak is raised only to 0 dBTP, and not at all at or above it", () => {
    expect(matchGainDb({ loudnessLufs: -23, truePeakDb: -3 })).toBeCloseTo(3, 9);
    expect(matchGainDb({ loudnessLufs: -23, truePeakDb: 0 })).toBe(0);
    expect(matchGainDb({ loudnessLufs: -23, truePeakDb: 1.2 })).toBe(0);
  });

  test("unknown loudness plays as it is; an unmeasured peak is never raised past", () => {
    expect(matchGainDb({ loudnessLufs: null, truePeakDb: -3 })).toBe(0);
    expect(matchGainDb({ loudnessLufs: -23, truePeakDb: null })).toBe(0);
  });
});
