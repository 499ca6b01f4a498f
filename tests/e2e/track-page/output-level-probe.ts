/**
 * What a page's players send to the speakers, read without the app exposing anything: `tapSpeakers` runs before the
 * page's scripts (context.addInitScript) and gives every node connected to an AudioDestinationNode a second edge,
 * into an AnalyserNode of its context; `speakerLevelDb` then reads the newest of them as an RMS level in dB. Both
 * are serialised into the page, so they use nothing from outside themselves.
 */
export function tapSpeakers(): void {
  const analysers: AnalyserNode[] = [];
  const taps = new Map<BaseAudioContext, AnalyserNode>();
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode) {
      let tap = taps.get(this.context);
      if (!tap) {
        tap = new AnalyserNode(this.context, { fftSize: 16_384 });
        taps.set(this.context, tap);
        analysers.push(tap);
      }
      connect.call(this, tap);
    }
    return result;
  } as typeof AudioNode.prototype.connect;
  (window as unknown as { speakerTaps: AnalyserNode[] }).speakerTaps = analysers;
}

/** The RMS level (dB) of the last ~0.34 s sent to the speakers, or null before anything was connected to them. */
export function speakerLevelDb(): number | null {
  const taps = (window as unknown as { speakerTaps: AnalyserNode[] }).speakerTaps;
  const tap = taps.at(-1);
  if (!tap) return null;
  const samples = new Float32Array(tap.fftSize);
  tap.getFloatTimeDomainData(samples);
  let energy = 0;
  for (const sample of samples) energy += sample * sample;
  return 10 * Math.log10(energy / samples.length || 1e-30);
}
