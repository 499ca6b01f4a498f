import type { MixGraph } from "./mix-graph";
import { StreamingStems } from "./stream-sync";
import { fetchAudio, planDecoding, StemSyncEngine, type SyncStem } from "./sync-engine";

/** What synced mode needs from either way of playing stems together. */
export interface StemPlayback {
  readonly ready: Promise<void>;
  readonly playing: boolean;
  readonly position: number;
  play(): void;
  pause(): void;
  stop(): void;
  seek(to: number): void;
  /** Solo/mute, faders, pan and master: the mixer both ways play through. */
  readonly mix: MixGraph;
  close(): void;
}

/** Turns a stem's API URL into one the browser may load (media-url.ts: presigned for private tracks). */
export type ResolveUrl = (url: string) => Promise<string>;

/** Decoded buffers on one clock when they fit the memory budget (see sync-engine.ts), else streaming. */
export function createStemPlayback(stems: SyncStem[], duration: number, resolveUrl: ResolveUrl): StemPlayback {
  const rate = planDecoding(stems);
  if (rate === null) return new StreamingStems(stems, resolveUrl);
  const context = new AudioContext({ sampleRate: rate, latencyHint: "playback" });
  const engine = new StemSyncEngine(context, stems, duration);
  const ready = engine.load(async (url) => fetchAudio(await resolveUrl(url)));
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
    mix: engine.mix,
    close: () => engine.close(),
  };
}
