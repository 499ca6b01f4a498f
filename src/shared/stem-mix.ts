/**
 * The ranges of a stem's place in a mix, shared by the synced player's mixer and by the fork that renders it
 * ("Fork with this mix"): a fader from -60 dB (near silence) to +12 dB, and a balance from -1 (left) to 1 (right).
 */
export const MIX_GAIN_DB = { min: -60, max: 12 } as const;
export const MIX_PAN = { min: -1, max: 1 } as const;

/** How one stem sounds in a rendered mix; unity gain, centred and heard unless said otherwise. */
export interface StemMixSettings {
  gainDb: number;
  pan: number;
  muted: boolean;
}

export const UNITY_MIX: StemMixSettings = { gainDb: 0, pan: 0, muted: false };

/** The left and right channel gains of a balance control: the far side is turned down, nothing is boosted. */
export function balanceGains(pan: number): { left: number; right: number } {
  return { left: pan > 0 ? 1 - pan : 1, right: pan < 0 ? 1 + pan : 1 };
}
