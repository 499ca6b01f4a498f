import { describe, expect, test } from "bun:test";
import { dbToGain, forkMix, gainText, mixLine, panText, UNITY_LEVEL } from "./mix-levels";
import { heardLabel } from "./solo-mute";

const stems = ["bass", "drums", "synth", "vocals"].map((id) => ({ id, name: id[0]?.toUpperCase() + id.slice(1) }));
const ids = stems.map((stem) => stem.id);

describe("faders in dB", () => {
  test("0 dB is unity, −6 dB about half, +12 dB about four times, −60 dB a thousandth", () => {
    expect(dbToGain(0)).toBe(1);
    expect(dbToGain(-6)).toBeCloseTo(0.501, 3);
    expect(dbToGain(12)).toBeCloseTo(3.981, 3);
    expect(dbToGain(-60)).toBeCloseTo(0.001, 6);
  });

  test("read with a real minus sign, a plus for boosts, and no sign at unity", () => {
    expect(gainText(-6)).toBe("\u22126 dB");
    expect(gainText(3)).toBe("+3 dB");
    expect(gainText(0)).toBe("0 dB");
    expect(gainText(-0.04)).toBe("0 dB");
    expect(gainText(-60)).toBe("\u221260 dB");
  });
});

describe("pan in words", () => {
  test("centre, then percent left or right", () => {
    expect(panText(0)).toBe("Centre");
    expect(panText(-0.3)).toBe("30 % left");
    expect(panText(0.3)).toBe("30 % right");
    expect(panText(1)).toBe("100 % right");
    expect(panText(-1)).toBe("100 % left");
  });
});

describe("the mix a fork is rendered with", () => {
  const levels = new Map([
    ["bass", { gainDb: -6, pan: -0.3 }],
    ["vocals", { gainDb: 3, pan: 0.5 }],
  ]);

  test("one entry per stem in the stems' order; unset stems at unity", () => {
    expect(forkMix(ids, levels, new Set(), new Set(["drums"]))).toEqual([
      { stemId: "bass", gainDb: -6, pan: -0.3, muted: false },
      { stemId: "drums", ...UNITY_LEVEL, muted: true },
      { stemId: "synth", ...UNITY_LEVEL, muted: false },
      { stemId: "vocals", gainDb: 3, pan: 0.5, muted: false },
    ]);
  });

  test("with any solo, every stem not soloed is muted, and a soloed stem plays even when muted", () => {
    const mix = forkMix(ids, levels, new Set(["vocals", "bass"]), new Set(["vocals", "synth"]));
    expect(mix.map((stem) => [stem.stemId, stem.muted])).toEqual([
      ["bass", false],
      ["drums", true],
      ["synth", true],
      ["vocals", false],
    ]);
    // Muting keeps the fader: the server gets the level to restore, not a zeroed one.
    expect(mix[0]).toMatchObject({ gainDb: -6, pan: -0.3 });
  });

  test("each stem in words, as the fork dialog lists it", () => {
    expect(mixLine("Bass", { gainDb: -6, pan: -0.3, muted: false })).toBe("Bass: \u22126 dB, 30 % left");
    expect(mixLine("Vocals", { gainDb: 3, pan: 0, muted: true })).toBe("Vocals: muted");
  });
});

describe("what is heard, in words", () => {
  test("all stems, the soloed ones in the order pressed, or the muted ones", () => {
    expect(heardLabel(stems, new Set(), new Set())).toBe("All stems");
    expect(heardLabel(stems, new Set(["drums", "bass"]), new Set(["vocals"]))).toBe("Solo: Drums, Bass");
    expect(heardLabel(stems, new Set(), new Set(["vocals"]))).toBe("Muted: Vocals");
    expect(heardLabel(stems, new Set(), new Set(ids))).toBe("No stems");
  });
});
