import { useEffect, useRef, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import { createSurfer } from "./create-surfer";
import { WaveformSvg } from "./WaveformSvg";
import type { WaveformHeight } from "./waveform-style";

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
    let surfer: WaveSurfer | null = null;
    let cancelled = false;
    void createSurfer({ container, peaks, duration, height }).then((created) => {
      if (cancelled) return created.destroy();
      surfer = created;
      surferRef.current = created;
      created.on("interaction", (time) => seekRef.current(time));
      created.on("redrawcomplete", () => setDrawn(true));
    });
    return () => {
      cancelled = true;
      surfer?.destroy();
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
