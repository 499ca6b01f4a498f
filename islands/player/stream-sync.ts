import { MixGraph } from "./mix-graph";
import type { ResolveUrl } from "./stem-playback";
import type { SyncStem } from "./sync-engine";

/** SPEC §4: a follower further than 0.02 s from the clock is corrected, checked every 100 ms. */
export const DRIFT_THRESHOLD_SECONDS = 0.02;
export const DRIFT_CHECK_MS = 100;

/**
 * The fallback when the stems are too large to decode within the memory budget: one <audio> element
 * per stem, the first one is the clock and a 100 ms timer pulls any other back when it drifts more
 * than 0.02 s. Less exact than the decoded engine, but it streams instead of holding every stem.
 * Each element plays through the same mixer as decoded stems (mix-graph.ts), on a context of its own.
 */
export class StreamingStems {
  private readonly elements = new Map<string, HTMLAudioElement>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly context = new AudioContext({ latencyHint: "playback" });
  readonly mix: MixGraph;
  readonly ready: Promise<void>;
  playing = false;

  constructor(stems: SyncStem[], resolveUrl: ResolveUrl) {
    this.mix = new MixGraph(
      this.context,
      stems.map((stem) => stem.id),
    );
    for (const stem of stems) {
      const audio = new Audio();
      audio.preload = "auto";
      // A cross-origin element (a bucket's presigned URL) feeds a Web Audio graph only with CORS; without
      // it the mixer would get silence. The bucket must allow it for decoded sync anyway (docs/operating.md, "Object storage").
      audio.crossOrigin = "anonymous";
      this.context.createMediaElementSource(audio).connect(this.mix.input(stem.id));
      this.elements.set(stem.id, audio);
    }
    this.ready = Promise.all(
      stems.map(async (stem) => {
        const audio = this.elements.get(stem.id) as HTMLAudioElement;
        const loaded = new Promise<void>((resolve, reject) => {
          audio.addEventListener("canplay", () => resolve(), { once: true });
          // The API URL, not the loaded one: that carries a media token, and messages get logged.
          audio.addEventListener("error", () => reject(new Error(`Failed to fetch ${stem.url}`)), { once: true });
        });
        audio.src = await resolveUrl(stem.url);
        return loaded;
      }),
    ).then(() => undefined);
  }

  private get clock(): HTMLAudioElement | undefined {
    return this.elements.values().next().value;
  }

  get position(): number {
    return this.clock?.currentTime ?? 0;
  }

  play(): void {
    // A context created before any click starts suspended; play() runs inside the click.
    void this.context.resume();
    const at = this.position;
    for (const audio of this.elements.values()) {
      audio.currentTime = at;
      void audio.play();
    }
    this.playing = true;
    this.timer ??= setInterval(() => this.correctDrift(), DRIFT_CHECK_MS);
  }

  private correctDrift(): void {
    const at = this.position;
    for (const audio of this.elements.values())
      if (audio !== this.clock && Math.abs(audio.currentTime - at) > DRIFT_THRESHOLD_SECONDS) audio.currentTime = at;
  }

  pause(): void {
    for (const audio of this.elements.values()) audio.pause();
    this.playing = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  stop(): void {
    this.pause();
    this.seek(0);
  }

  seek(to: number): void {
    for (const audio of this.elements.values()) audio.currentTime = to;
  }

  close(): void {
    this.pause();
    for (const audio of this.elements.values()) audio.removeAttribute("src");
    this.elements.clear();
    void this.context.close();
  }
}
