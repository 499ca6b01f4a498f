import type { StemMix } from "../../modules/forks/model";
import type { StemMixSettings } from "../../src/shared/stem-mix";
import { UNITY_MIX } from "../../src/shared/stem-mix";
import { audibleStems } from "./solo-mute";

/** A stem's fader and balance in synced mode; whether it is heard is solo and mute's business (solo-mute.ts). */
export type StemLevel = Pick<StemMixSettings, "gainDb" | "pan">;

export const UNITY_LEVEL: StemLevel = { gainDb: UNITY_MIX.gainDb, pan: UNITY_MIX.pan };

/** What a fader in dB multiplies the signal by (amplitude, so 20·log10). */
export const dbToGain = (db: number): number => 10 ** (db / 20);

/** A fader's value as people read it: "0 dB", "+3 dB", "−6 dB" (a real minus sign, not a hyphen). */
export function gainText(db: number): string {
  const rounded = Math.round(db * 10) / 10;
  if (rounded === 0) return "0 dB";
  return `${rounded > 0 ? "+" : "\u2212"}${Math.abs(rounded)} dB`;
}

/** A pan position as people read it: "Centre", "30 % left", "100 % right". */
export function panText(pan: number): string {
  const percent = Math.round(Math.abs(pan) * 100);
  if (percent === 0) return "Centre";
  return `${percent} % ${pan < 0 ? "left" : "right"}`;
}

/**
 * The mix the server renders a fork's full track or a downloaded mix with: one entry per stem, what it is heard at now. Solo is folded into
 * `muted` (with any solo, every stem not soloed is muted), because the server knows only mute.
 */
export function forkMix(
  stemIds: string[],
  levels: ReadonlyMap<string, StemLevel>,
  soloed: Set<string>,
  muted: Set<string>,
): StemMix[] {
  const audible = audibleStems(stemIds, soloed, muted);
  return stemIds.map((stemId) => {
    const level = levels.get(stemId) ?? UNITY_LEVEL;
    return { stemId, gainDb: level.gainDb, pan: level.pan, muted: !audible.has(stemId) };
  });
}

/** One stem of a mix in words, as the fork dialog lists it: "Bass: −6 dB, 30 % left", "Vocals: muted". */
export function mixLine(name: string, stem: StemMixSettings): string {
  return stem.muted ? `${name}: muted` : `${name}: ${gainText(stem.gainDb)}, ${panText(stem.pan)}`;
}
