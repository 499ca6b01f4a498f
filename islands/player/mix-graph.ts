import { balanceGains } from "../../src/shared/stem-mix";
import { dbToGain, type StemLevel } from "./mix-levels";

/** Fader and pan moves glide with this time constant: immediate to the ear, but without the click of a jump. */
const GLIDE_SECONDS = 0.01;

interface StemChain {
  /** Solo and mute: 1 or 0, apart from the fader, so unmuting returns to the fader's level. */
  audible: GainNode;
  fader: GainNode;
  left: GainNode;
  right: GainNode;
}

/**
 * The synced-mode mixer on the stems' own context, so mixing costs the sync nothing: per stem, a
 * solo/mute gain → its fader (which makes a mono stem stereo) → a balance (one gain per channel, the
 * far side turned down, `balanceGains`: the law the server renders a "Fork with this mix" with), all
 * into one master gain → the loudness match's gain → the destination. Sources (decoded buffers or media elements) connect to
 * `input(id)`; the graph outlives them, so every setting holds across seeks, pauses, stops and plays.
 */
export class MixGraph {
  private readonly chains = new Map<string, StemChain>();
  private readonly master: GainNode;
  /**
   * The loudness match (src/shared/loudness.ts), after the listener's master fader: one gain for the whole set, times
   * the player bar's volume.
   */
  private readonly loudness: GainNode;
  private loudnessDb = 0;
  private volume = 1;

  /** Builds one chain per stem, in the stems' order. */
  constructor(
    private readonly context: BaseAudioContext,
    stemIds: string[],
  ) {
    this.master = context.createGain();
    this.loudness = context.createGain();
    this.master.connect(this.loudness).connect(context.destination);
    for (const id of stemIds) {
      const audible = context.createGain();
      // Two channels whatever comes in: a mono stem is heard on both sides, as the server renders it.
      const fader = new GainNode(context, { channelCount: 2, channelCountMode: "explicit", channelInterpretation: "speakers" });
      const channels = context.createChannelSplitter(2);
      const left = context.createGain();
      const right = context.createGain();
      const stereo = context.createChannelMerger(2);
      audible.connect(fader).connect(channels);
      channels.connect(left, 0).connect(stereo, 0, 0);
      channels.connect(right, 1).connect(stereo, 0, 1);
      stereo.connect(this.master);
      this.chains.set(id, { audible, fader, left, right });
    }
  }

  /** Where stem `id`'s source connects. */
  input(id: string): AudioNode {
    const chain = this.chains.get(id);
    if (!chain) throw new Error(`No mixer chain for stem ${id}`);
    return chain.audible;
  }

  /** Solo and mute resolved by the caller into one audible flag per stem. */
  setAudible(id: string, audible: boolean): void {
    this.chains.get(id)?.audible.gain.setValueAtTime(audible ? 1 : 0, this.context.currentTime);
  }

  setLevel(id: string, level: StemLevel): void {
    const chain = this.chains.get(id);
    if (!chain) return;
    const { left, right } = balanceGains(level.pan);
    this.glide(chain.fader.gain, dbToGain(level.gainDb));
    this.glide(chain.left.gain, left);
    this.glide(chain.right.gain, right);
  }

  setMasterDb(db: number): void {
    this.glide(this.master.gain, dbToGain(db));
  }

  setLoudnessDb(db: number): void {
    this.loudnessDb = db;
    this.glide(this.loudness.gain, dbToGain(db) * this.volume);
  }

  /** The player bar's volume, 0–1. */
  setVolume(volume: number): void {
    this.volume = volume;
    this.setLoudnessDb(this.loudnessDb);
  }

  private glide(param: AudioParam, value: number): void {
    param.setTargetAtTime(value, this.context.currentTime, GLIDE_SECONDS);
  }
}
