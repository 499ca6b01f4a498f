/** Where the player sets every track: −14 LUFS, the level the large streaming services play at. */
export const TARGET_LUFS = -14;

/**
 * EBU R128 integrated loudness (LUFS) and true peak (dBTP) as the server measures them: the Track JSON's, list items'
 * and stems' fields; null while unmeasured and for silence, which has neither.
 */
export interface MeasuredLoudness {
  loudnessLufs: number | null;
  truePeakDb: number | null;
}

/**
 * The gain (dB) that brings a track to TARGET_LUFS. A loud track is always turned down; a quiet one is raised only
 * as far as its true peak allows (to 0 dBTP, never clipping), so not at all before its peak is measured. Unknown
 * loudness (processing, silence) plays as it is.
 */
export function matchGainDb({ loudnessLufs, truePeakDb }: MeasuredLoudness): number {
  if (loudnessLufs === null) return 0;
  const wanted = TARGET_LUFS - loudnessLufs;
  if (wanted <= 0) return wanted;
  return truePeakDb === null ? 0 : Math.max(0, Math.min(wanted, -truePeakDb));
}
