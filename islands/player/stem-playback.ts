import { StreamingStems } from "./stream-sync";
import { planDecoding, StemSyncEngine, type SyncStem } from "./sync-engine";

/** What synced mode needs from either way of playing stems together. */
export interface StemPlayback {
  readonly ready: Promise<void>;
  readonly playing: boolean;
  readonly position: number;
  play(): void;
  pause(): void;
  stop(): void;
  seek(to: number): void;
  setAudible(id: string, audible: boolean): void;
  close(): void;
}

/** Decoded buffers on one clock when they fit the memory budget (see sync-engine.ts), else streaming. */
export function createStemPlayback(stems: SyncStem[], duration: number): StemPlayback {
  const rate = planDecoding(stems);
  if (rate === null) return new StreamingStems(stems);
  const context = new AudioContext({ sampleRate: rate, latencyHint: "playback" });
  const engine = new StemSyncEngine(context, duration);
  const ready = engine.load(stems);
  return {
    ready,
    get playing() {
      return engine.playing;
    },
    get position() {
      return engine.position;
    },
    play() {
      // A context created before any click starts suspended; play() runs inside the click.
      void context.resume();
      engine.play();
    },
    pause: () => engine.pause(),
    stop: () => engine.stop(),
    seek: (to) => engine.seek(to),
    setAudible: (id, audible) => engine.setAudible(id, audible),
    close: () => engine.close(),
  };
}
