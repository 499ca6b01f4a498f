import { describe, expect, test } from "bun:test";
import { shrinkWaveform } from "./waveform";

describe("shrinkWaveform", () => {
  // Four [min, max] pairs at a quiet level.
  const peaks = [-0.01, 0.02, -0.03, 0.04, -0.005, 0.01, -0.02, 0.025];

  test("each pair is the extreme of the pairs it covers, normalised to the loudest point", () => {
    expect(shrinkWaveform(peaks, 2)).toEqual([-0.75, 1, -0.5, 0.63]);
  });

  test("keepLevel keeps the stored values, so a mix made again at another level reads as changed", () => {
    expect(shrinkWaveform(peaks, 2, { keepLevel: true })).toEqual([-0.03, 0.04, -0.02, 0.025]);
    const halved = peaks.map((value) => value / 2);
    expect(shrinkWaveform(halved, 2, { keepLevel: true })).not.toEqual(shrinkWaveform(peaks, 2, { keepLevel: true }));
    expect(shrinkWaveform(halved, 2)).toEqual(shrinkWaveform(peaks, 2));
  });

  test("never more pairs than there are, and none from nothing", () => {
    expect(shrinkWaveform(peaks, 100)).toHaveLength(peaks.length);
    expect(shrinkWaveform([], 10)).toEqual([]);
  });
});
