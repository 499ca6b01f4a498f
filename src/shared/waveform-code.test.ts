import { describe, expect, test } from "bun:test";
import { decodeWaveform, encodeWaveform } from "./waveform-code";

describe("waveform code", () => {
  test("round trip keeps every value within one step of 1/127 of the loudest point", () => {
    const peaks = Array.from({ length: 1024 }, (_, index) => Math.sin(index / 7) * (index % 2 ? 0.3 : -0.2));
    const loudest = Math.max(...peaks.map(Math.abs));
    const decoded = decodeWaveform(encodeWaveform(peaks));
    expect(decoded).toHaveLength(peaks.length);
    for (const [index, value] of decoded.entries())
      expect(Math.abs(value - (peaks[index] as number) / loudest)).toBeLessThanOrEqual(0.5 / 127 + 1e-9);
    expect(Math.max(...decoded.map(Math.abs))).toBe(1);
  });

  test("extremes, silence, odd lengths and no peaks at all", () => {
    expect(decodeWaveform(encodeWaveform([-1, 1, -0.25]))).toEqual([-1, 1, -32 / 127]);
    expect(decodeWaveform(encodeWaveform([0, 0, 0]))).toEqual([0, 0, 0]);
    expect(encodeWaveform([])).toBe("");
    expect(decodeWaveform("")).toEqual([]);
  });

  test("512 pairs take under 1.5 KB", () => {
    const peaks = Array.from({ length: 1024 }, () => Math.random() * 2 - 1);
    expect(encodeWaveform(peaks).length).toBeLessThan(1500);
  });
});
