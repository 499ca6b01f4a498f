import { describe, expect, test } from "bun:test";
import { PeakReducer } from "./peaks";

/** Interleaved stereo 16-bit PCM where frame f is +f/total of full scale on the left and -f/total on the right. */
function ramp(total: number): Uint8Array {
  const samples = new Int16Array(total * 2);
  for (let f = 0; f < total; f++) {
    samples[2 * f] = Math.round((f / total) * 32767);
    samples[2 * f + 1] = -Math.round((f / total) * 32767);
  }
  return new Uint8Array(samples.buffer);
}

/** Pushes `bytes` in pieces of `size` bytes (deliberately odd, so samples and frames split). */
function reduce(bytes: Uint8Array, size: number, points?: number): PeakReducer {
  const reducer = new PeakReducer(points);
  for (let at = 0; at < bytes.length; at += size) reducer.push(bytes.subarray(at, at + size));
  return reducer;
}

describe("PeakReducer", () => {
  test("a quiet recording keeps its shape: peaks keep 3 significant digits, not 3 decimals", () => {
    // About -70 dBFS: 10 of 32768. Rounded to 3 decimals every point would read 0 and draw flat.
    const quiet = new Int16Array(2000).map((_, index) => (index % 2 === 0 ? 10 : -7));
    const peaks = reduce(new Uint8Array(quiet.buffer), 333, 10).finish();
    expect(peaks.filter((_, index) => index % 2 === 1).every((max) => max === 0.000305)).toBe(true);
    expect(peaks.filter((_, index) => index % 2 === 0).every((min) => min === -0.000214)).toBe(true);
  });

  test("a long ramp lands in the right points without knowing its length beforehand", () => {
    const total = 1_234_567; // folds the buckets many times
    const reducer = reduce(ramp(total), 65_533, 100);
    expect(reducer.samples).toBe(2 * total);
    const peaks = reducer.finish();
    expect(peaks).toHaveLength(200);
    // Point p covers the ramp from p/100 to (p+1)/100. Allowed error: 1/8 of a point at an edge
    // (0.00125) plus the 3-significant-digit rounding; a point off by one would be 0.01 away.
    const off = (value: number, expected: number) => Math.abs(value - expected);
    for (let p = 0; p < 100; p++) {
      expect(off(peaks[2 * p + 1] as number, (p + 1) / 100)).toBeLessThan(0.0018);
      expect(off(peaks[2 * p] as number, -(p + 1) / 100)).toBeLessThan(0.0018);
    }
    expect(reducer.peakLevel()).toBeCloseTo(1, 4);
  });

  test("chunk boundaries do not matter", () => {
    const bytes = ramp(100_003);
    expect(reduce(bytes, 7, 500).finish()).toEqual(reduce(bytes, bytes.length, 500).finish());
  });

  test("a file shorter than the point count still fills every point from its own sample", () => {
    const mono = new Int16Array(500).map((_, index) => Math.round((index / 500) * 32767));
    const peaks = reduce(new Uint8Array(mono.buffer), 13, 2000).finish();
    expect(peaks).toHaveLength(4000);
    // Four points per sample: point p shows sample floor(p / 4), whose level is that index / 500.
    for (const p of [0, 3, 4, 1999]) expect(peaks[2 * p + 1] as number).toBeCloseTo(Math.floor(p / 4) / 500, 3);
  });

  test("silence and an empty decode give flat zeros and no level", () => {
    const silent = reduce(new Uint8Array(2 * 2 * 44_100), 4096);
    expect(silent.peakLevel()).toBe(0);
    expect(new Set(silent.finish())).toEqual(new Set([0]));
    const empty = new PeakReducer();
    expect(empty.samples).toBe(0);
    expect(new Set(empty.finish())).toEqual(new Set([0]));
  });
});
