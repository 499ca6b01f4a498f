import { dbToGain, type StemLevel } from "./mix-levels";

/** Fader and pan moves glide with this time constant: immediate to the ear, but without the click of a jump. */
const GLIDE_SECONDS = 0.01;

interface StemChain {
  /** Solo and mute: 1 or 0, apart from the fader, so unmuting returns to the fader's level. */
  audible: GainNode;
  fader: GainNode;
  panner: StereoPannerNode;
}

/**
 * The synced-mode mixer on the stems' own context, so mixing costs the sync nothing: per stem, a
 * solo/mute gain → its fader → a stereo panner, all into one master gain → the destination. Sources
 * (decoded buffers or media elements) connect to `input(id)`; the graph outlives them, so every
 * setting holds across seeks, pauses, stops and plays.
 */
export class MixGraph {
  private readonly chains = new Map<string, StemChain>();
  private readonly master: GainNode;

  /** Builds one chain per stem, in the stems' order. */
  constructor(
    private readonly context: BaseAudioContext,
    stemIds: string[],
  ) {
    this.master = context.createGain();
    this.master.connect(context.destination);
    for (const id of stemIds) {
      const audible = context.createGain();
      const fader = context.createGain();
      // Mono stems are spread to both sides first: a panner would otherwise play them 3 dB down at centre.
      const panner = new StereoPannerNode(context, { channelCount: 2, channelCountMode: "explicit" });
      audible.connect(fader).connect(panner).connect(this.master);
      this.chains.set(id, { audible, fader, panner });
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
    this.glide(chain.fader.gain, dbToGain(level.gainDb));
    this.glide(chain.panner.pan, level.pan);
  }

  setMasterDb(db: number): void {
    this.glide(this.master.gain, dbToGain(db));
  }

  private glide(param: AudioParam, value: number): void {
    param.setTargetAtTime(value, this.context.currentTime, GLIDE_SECONDS);
  }
}
