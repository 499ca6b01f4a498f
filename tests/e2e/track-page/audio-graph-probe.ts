/**
 * Lets a browser test read the synced-mode mixer's AudioParams without the app exposing anything:
 * `recordAudioGraph` runs before the page's scripts (context.addInitScript) and notes every
 * AudioNode.connect; `readMixer` then finds the mixer by its shape (mix-graph.ts): the gain connected
 * to the destination is the master, the stereo panners feeding it are the stems' (in the stems'
 * order, as the graph builds them), each fed by its fader, fed by its solo/mute gain. Both functions
 * are serialised into the page, so they use nothing from outside themselves.
 */
export interface MixerReading {
  master: number;
  stems: Array<{ fader: number; pan: number; audible: number; sources: string[] }>;
}

type Edge = [AudioNode, AudioNode | AudioParam];

export function recordAudioGraph(): void {
  const edges: Edge[] = [];
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    edges.push([this, args[0] as AudioNode]);
    return connect.apply(this, args);
  } as typeof AudioNode.prototype.connect;
  (window as unknown as { audioGraphEdges: Edge[] }).audioGraphEdges = edges;
}

export function readMixer(): MixerReading | null {
  const edges = (window as unknown as { audioGraphEdges: Edge[] }).audioGraphEdges;
  const into = (node: AudioNode) => edges.filter(([, to]) => to === node).map(([from]) => from);
  const master = edges.findLast(([from, to]) => from instanceof GainNode && to instanceof AudioDestinationNode)?.[0];
  if (!(master instanceof GainNode)) return null;
  const stems = into(master)
    .filter((node): node is StereoPannerNode => node instanceof StereoPannerNode)
    .map((panner) => {
      const fader = into(panner)[0] as GainNode;
      const audible = into(fader)[0] as GainNode;
      const sources = into(audible).map((source) => source.constructor.name);
      return { fader: fader.gain.value, pan: panner.pan.value, audible: audible.gain.value, sources };
    });
  return { master: master.gain.value, stems };
}
