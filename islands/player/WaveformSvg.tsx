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
  // One path for all bars keeps the server-rendered HTML small.
  const path = bars
    .map((value, index) => {
      const barHeight = Math.max(1, (value / loudest) * height);
      return `M${index * step} ${((height - barHeight) / 2).toFixed(1)}h${BAR_WIDTH}v${barHeight.toFixed(1)}h-${BAR_WIDTH}z`;
    })
    .join("");
  return (
    <svg
      className="waveform-svg"
      viewBox={`0 0 ${bars.length * step} ${height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      role="img"
      aria-label="Waveform"
    >
      <path d={path} fill={WAVE_COLOR} />
    </svg>
  );
}
