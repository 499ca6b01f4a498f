/**
 * Lets a browser test read the synced-mode mixer's AudioParams without the app exposing anything:
 * `recordAudioGraph` runs before the page's scripts (context.addInitScript) and notes every
 * AudioNode.connect; `readMixer` then finds the mixer by its shape (mix-graph.ts): the gain the
 * stems' channel mergers feed is the master, and those mergers are the stems' (in the stems'
 * order, as the graph builds them), each fed by its left and right gains, fed by a splitter, fed by
 * the fader, fed by the solo/mute gain. Both functions are serialised into the page, so they use
 * nothing from outside themselves.
 */
export interface MixerReading {
  master: number;
  stems: Array<{ fader: number; left: number; right: number; audible: number; sources: string[] }>;
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
  // The master is the gain the stems' mergers feed (the loudness match sits between it and the destination).
  const master = edges.findLast(([from, to]) => from instanceof ChannelMergerNode && to instanceof GainNode)?.[1];
  if (!(master instanceof GainNode)) return null;
  const stems = into(master)
    .filter((node) => node instanceof ChannelMergerNode)
    .map((merger) => {
      const [left, right] = into(merger) as GainNode[];
      const splitter = into(left as GainNode)[0] as ChannelSplitterNode;
      const fader = into(splitter)[0] as GainNode;
      const audible = into(fader)[0] as GainNode;
      const sources = into(audible).map((source) => source.constructor.name);
      return {
        fader: fader.gain.value,
        left: (left as GainNode).gain.value,
        right: (right as GainNode).gain.value,
        audible: audible.gain.value,
        sources,
      };
    });
  return { master: master.gain.value, stems };
}
