import { withoutToken } from "./media-url";
import { MixGraph } from "./mix-graph";

/**
 * Synced stems on one Web Audio clock (SPEC §4 synced mode). Every stem is a decoded buffer started
 * at the same context time, so stems cannot drift apart; they play through the mixer (mix-graph.ts:
 * solo, mute, faders, pan and master are gains and panners on the same context), and a seek stops
 * every source and starts new ones together into the same mixer.
 *
 * Memory: decoded audio costs sampleRate × seconds × channels × 4 bytes. The engine decodes into a
 * context whose sample rate is lowered until all stems fit the budget (a quarter of the device memory
 * the browser reports, at most 512 MB, 256 MB when unknown). When even 22.05 kHz would not fit,
 * `planDecoding` says so and the caller streams instead.
 */

export interface SyncStem {
  id: string;
  url: string;
  duration: number;
}

const BYTES_PER_SAMPLE = 4;
const ASSUMED_CHANNELS = 2;
const MIN_DECODE_RATE = 22_050;
const MAX_DECODE_RATE = 48_000;
/** Sources start this far ahead of "now" so every start() call lands before the shared `when`. */
export const START_LEAD_SECONDS = 0.05;

export function decodeBudgetBytes(): number {
  const deviceGb = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  if (!deviceGb) return 256 * 1024 * 1024;
  return Math.min(512 * 1024 * 1024, (deviceGb * 1024 * 1024 * 1024) / 4);
}

/** The sample rate to decode at so the stems fit the budget, or null when they cannot (stream instead). */
export function planDecoding(stems: SyncStem[], budgetBytes = decodeBudgetBytes()): number | null {
  const seconds = stems.reduce((sum, stem) => sum + stem.duration, 0);
  if (seconds <= 0) return MAX_DECODE_RATE;
  const rate = Math.min(MAX_DECODE_RATE, Math.floor(budgetBytes / (seconds * ASSUMED_CHANNELS * BYTES_PER_SAMPLE)));
  return rate >= MIN_DECODE_RATE ? rate : null;
}

export class StemSyncEngine {
  private readonly buffers = new Map<string, AudioBuffer>();
  readonly mix: MixGraph;
  private sources: AudioBufferSourceNode[] = [];
  /** Context time at which position 0 of the stems plays (while playing). */
  private originTime = 0;
  private pausedPosition = 0;
  playing = false;

  constructor(
    readonly context: BaseAudioContext,
    private readonly stems: SyncStem[],
    readonly duration: number,
  ) {
    this.mix = new MixGraph(
      context,
      stems.map((stem) => stem.id),
    );
  }

  /** Fetches and decodes the stems one after another, so only one encoded file is held at a time. */
  async load(fetchStem: (url: string) => Promise<ArrayBuffer> = fetchAudio): Promise<void> {
    for (const stem of this.stems) this.buffers.set(stem.id, await this.context.decodeAudioData(await fetchStem(stem.url)));
  }

  get position(): number {
    if (!this.playing) return this.pausedPosition;
    return Math.min(this.duration, Math.max(0, this.context.currentTime - this.originTime));
  }

  /** Starts every stem at one shared context time, from `from` seconds. Returns that start time. */
  play(from = this.pausedPosition, lead = START_LEAD_SECONDS): number {
    this.stopSources();
    const offset = Math.min(Math.max(0, from), this.duration);
    const when = this.context.currentTime + lead;
    for (const [id, buffer] of this.buffers) {
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.mix.input(id));
      source.start(when, Math.min(offset, buffer.duration));
      this.sources.push(source);
    }
    this.originTime = when - offset;
    this.playing = true;
    return when;
  }

  pause(): void {
    if (!this.playing) return;
    this.pausedPosition = this.position;
    this.stopSources();
    this.playing = false;
  }

  stop(): void {
    this.pause();
    this.pausedPosition = 0;
  }

  seek(to: number): void {
    if (this.playing) this.play(to);
    else this.pausedPosition = Math.min(Math.max(0, to), this.duration);
  }

  private stopSources(): void {
    for (const source of this.sources) {
      try {
        source.stop();
      } catch {
        // Already ended on its own.
      }
      source.disconnect();
    }
    this.sources = [];
  }

  close(): void {
    this.stopSources();
    this.playing = false;
    if (this.context instanceof AudioContext) void this.context.close();
  }
}

export async function fetchAudio(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  // SPEC §8 wording for a failed audio fetch; the media token stays out of the message (it gets logged).
  if (!response.ok) throw new Error(`Failed to fetch ${withoutToken(url)}: ${response.status} (${response.statusText})`);
  return response.arrayBuffer();
}
