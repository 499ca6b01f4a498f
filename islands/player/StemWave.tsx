import { useEffect, useRef, useState } from "react";
import WaveSurfer from "wavesurfer.js";
import { WaveformSvg } from "./WaveformSvg";
import { BAR_GAP, BAR_RADIUS, BAR_WIDTH, PROGRESS_COLOR, WAVE_COLOR, type WaveformHeight } from "./waveform-style";

/**
 * A waveform that plays nothing itself: it shows a shared clock's position (synced stems) and reports
 * clicks as seeks. `position` is applied on every render the caller throttles.
 */
export function StemWave({
  peaks,
  duration,
  height,
  position,
  onSeek,
}: {
  peaks: number[];
  duration: number;
  height: WaveformHeight;
  position: number;
  onSeek: (seconds: number) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const [drawn, setDrawn] = useState(false);
  const seekRef = useRef(onSeek);
  seekRef.current = onSeek;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const surfer = WaveSurfer.create({
      container,
      peaks: [peaks],
      duration,
      height,
      waveColor: WAVE_COLOR,
      progressColor: PROGRESS_COLOR,
      cursorColor: PROGRESS_COLOR,
      barWidth: BAR_WIDTH,
      barGap: BAR_GAP,
      barRadius: BAR_RADIUS,
      normalize: true,
    });
    surfer.on("interaction", (time) => seekRef.current(time));
    surfer.on("ready", () => setDrawn(true));
    surferRef.current = surfer;
    return () => {
      surfer.destroy();
      surferRef.current = null;
    };
  }, [peaks, duration, height]);

  useEffect(() => {
    surferRef.current?.setTime(position);
  }, [position]);

  return (
    <div className="player-wave" style={{ height }}>
      {!drawn && <WaveformSvg peaks={peaks} height={height} />}
      <div ref={containerRef} className="player-surfer" />
    </div>
  );
}
