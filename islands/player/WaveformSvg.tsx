import { BAR_GAP, BAR_WIDTH, WAVE_COLOR } from "./waveform-style";

const MAX_BARS = 300;

/** Peaks reduced to at most `bars` values by taking each bucket's loudest sample (absolute). */
function bucketPeaks(peaks: number[], bars: number): number[] {
  if (peaks.length <= bars) return peaks.map(Math.abs);
  const size = peaks.length / bars;
  const result: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    let loudest = 0;
    for (let i = Math.floor(bar * size); i < Math.floor((bar + 1) * size); i++)
      loudest = Math.max(loudest, Math.abs(peaks[i] ?? 0));
    result.push(loudest);
  }
  return result;
}

/**
 * The stored peaks drawn as bars in plain SVG: the waveform a visitor sees without JavaScript and
 * while the player loads. Stretches to the container width like wavesurfer does.
 */
export function WaveformSvg({ peaks, height }: { peaks: number[]; height: number }) {
  const bars = bucketPeaks(peaks, MAX_BARS);
  const loudest = Math.max(...bars, 0) || 1;
  const step = BAR_WIDTH + BAR_GAP;
  // One path of vertical strokes, each bar a line as wide as a bar, keeps the server-rendered HTML small: the page
  // escapes it, hashes it and sends it five times over. It is drawn in half pixels (a viewBox twice the height), so
  // every coordinate is a whole number, and each bar moves on from the end of the one before (`m3-40v80`).
  let path = "";
  let previous = 0;
  for (let index = 0; index < bars.length; index++) {
    const pixels = Math.max(1, Math.round(((bars[index] as number) / loudest) * height));
    path += index === 0 ? `M${BAR_WIDTH / 2} ${height - pixels}v${2 * pixels}` : `m${step}-${previous + pixels}v${2 * pixels}`;
    previous = pixels;
  }
  return (
    <svg
      className="waveform-svg"
      viewBox={`0 0 ${bars.length * step} ${2 * height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      role="img"
      aria-label="Waveform"
    >
      <path d={path} fill="none" stroke={WAVE_COLOR} strokeWidth={BAR_WIDTH} />
    </svg>
  );
}
