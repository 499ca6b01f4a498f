import { describe, expect, test } from "bun:test";
import { stemMismatch } from "./service";

const at = (sampleRate: number, seconds: number) => ({ sampleRate, frames: Math.round(sampleRate * seconds) });

describe("stemMismatch names everything that differs", () => {
  test("the same rate and length fit", () => {
    expect(stemMismatch(at(44_100, 10), at(44_100, 10))).toBeNull();
  });
  test("a tail shorter than 10 ms is told in samples, anything longer in seconds", () => {
    expect(stemMismatch({ sampleRate: 44_100, frames: 441_000 - 12 }, at(44_100, 10))).toBe("it is 12 samples shorter");
    expect(stemMismatch(at(44_100, 10.5), at(44_100, 10))).toBe("it is 0.50 s longer");
  });
  test("another sample rate at the same length names only the rate", () => {
    expect(stemMismatch(at(16_000, 10), at(22_050, 10))).toBe("it is at 16000 Hz, the original at 22050 Hz");
  });
  test("another sample rate and another length names both", () => {
    expect(stemMismatch(at(16_000, 9.5), at(22_050, 10))).toBe("it is at 16000 Hz, the original at 22050 Hz, and 0.50 s shorter");
  });
});
