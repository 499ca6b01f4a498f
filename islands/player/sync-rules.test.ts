import { describe, expect, test } from "bun:test";
import { audibleStems, toggled } from "./solo-mute";
import { planDecoding } from "./sync-engine";

const ids = ["bass", "drums", "synth", "vocals"];

describe("solo and mute", () => {
  test("without solo every unmuted stem sounds", () => {
    expect([...audibleStems(ids, new Set(), new Set(["drums"]))]).toEqual(["bass", "synth", "vocals"]);
  });

  test("any solo silences the rest, muted or not; soloing toggles", () => {
    const soloed = toggled(new Set(), "vocals");
    expect([...audibleStems(ids, soloed, new Set(["vocals"]))]).toEqual(["vocals"]);
    expect([...audibleStems(ids, toggled(soloed, "bass"), new Set())]).toEqual(["bass", "vocals"]);
    expect(toggled(soloed, "vocals").size).toBe(0);
  });
});

describe("decode planning (memory cap)", () => {
  const stems = (count: number, seconds: number) =>
    Array.from({ length: count }, (_, i) => ({ id: String(i), url: "", duration: seconds }));
  const MB = 1024 * 1024;

  test("small sets decode at full rate", () => {
    expect(planDecoding(stems(4, 60), 256 * MB)).toBe(48_000);
  });

  test("larger sets decode at a lower rate that fits the budget", () => {
    const rate = planDecoding(stems(4, 240), 256 * MB) as number;
    expect(rate).toBeGreaterThanOrEqual(22_050);
    expect(rate).toBeLessThan(48_000);
    expect(rate * 4 * 240 * 2 * 4).toBeLessThanOrEqual(256 * MB);
  });

  test("sets that would not fit even at 22.05 kHz stream instead", () => {
    expect(planDecoding(stems(20, 600), 256 * MB)).toBeNull();
  });
});
