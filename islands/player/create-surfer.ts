import type WaveSurfer from "wavesurfer.js";
import type { WaveSurferOptions } from "wavesurfer.js";
import { BAR_GAP, BAR_RADIUS, BAR_WIDTH, PROGRESS_COLOR, WAVE_COLOR } from "./waveform-style";

/**
 * Creates a wavesurfer.js waveform in the house style from stored peaks (nothing is decoded).
 * wavesurfer is loaded on first use, not with the page: the stored peaks are already drawn as SVG,
 * so its ~17 KB wait until a visitor reaches for a player (the track page's JavaScript budget).
 */
/** wavesurfer itself: fetched when a listener reaches for a player, so it draws at once when they play. */
export const loadWaveSurfer = () => import("wavesurfer.js");

export async function createSurfer(
  options: Pick<WaveSurferOptions, "container" | "height" | "media" | "duration"> & { peaks: number[] },
): Promise<WaveSurfer> {
  const { default: WaveSurferClass } = await loadWaveSurfer();
  return WaveSurferClass.create({
    ...options,
    peaks: [options.peaks],
    waveColor: WAVE_COLOR,
    progressColor: PROGRESS_COLOR,
    cursorColor: PROGRESS_COLOR,
    barWidth: BAR_WIDTH,
    barGap: BAR_GAP,
    barRadius: BAR_RADIUS,
    normalize: true,
    dragToSeek: true,
  });
}
