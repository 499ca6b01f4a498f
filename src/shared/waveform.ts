/**
 * Waveforms sized to where they are drawn. Stored peaks (src/server/audio/peaks.ts) are 2,000 [min, max]
 * pairs; a card draws about 130 bars of 3 px and the track page about 400, so sending all 4,000 values
 * costs bytes (and JSON parsing) for nothing. wavesurfer.js and WaveformSvg both scale a waveform to its
 * loudest point, so the shrunk copy is normalised to 1 and kept to two decimals: a 1 % step, finer than
 * a pixel at the 48–128 px heights drawn.
 */

/** Pairs a list item carries: two values per bar for cards up to 200 bars wide (one column on a phone). */
export const LIST_WAVEFORM_PAIRS = 200;
/** Pairs the track page hands its players: two values per bar across the widest page. */
export const PAGE_WAVEFORM_PAIRS = 512;

/**
 * `peaks` as at most `pairs` [min, max] pairs (each the extreme of the pairs it covers), normalised unless
 * `keepLevel`: the Track JSON keeps the stored values, so a mix made again at another level (a stem removed)
 * still reads as changed to a client comparing waveforms.
 */
export function shrinkWaveform(peaks: readonly number[], pairs: number, { keepLevel = false } = {}): number[] {
  const count = Math.floor(peaks.length / 2);
  const kept = Math.min(pairs, count);
  let loudest = 0;
  for (const value of peaks) loudest = Math.max(loudest, Math.abs(value));
  const scale = keepLevel ? 1 : loudest || 1;
  const round = keepLevel ? (value: number) => value : twoDecimals;
  const out: number[] = [];
  for (let pair = 0; pair < kept; pair++) {
    const end = Math.max(Math.floor(((pair + 1) * count) / kept), Math.floor((pair * count) / kept) + 1);
    let min = 0;
    let max = 0;
    for (let source = Math.floor((pair * count) / kept); source < end; source++) {
      min = Math.min(min, peaks[2 * source] as number);
      max = Math.max(max, peaks[2 * source + 1] as number);
    }
    out.push(round(min / scale), round(max / scale));
  }
  return out;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100 || 0;
