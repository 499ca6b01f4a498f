/**
 * Browser-side probe for the sync drift test: renders the stems through the real StemSyncEngine in an
 * OfflineAudioContext (the same scheduling code as the page), seeks half way through, and compares the
 * sum with the full mix decoded from the server. Bundled by the test with Bun.build and injected.
 */
import { START_LEAD_SECONDS, StemSyncEngine } from "../../../islands/player/sync-engine";

const RATE = 22_050;
const MAX_LAG_SAMPLES = Math.round(RATE * 0.02);

interface DriftInput {
  stemUrls: string[];
  mixUrl: string;
  duration: number;
  /** Position the render starts at, then the context time at which it seeks to `seekTo`. */
  from: number;
  seekAt: number;
  seekTo: number;
  renderSeconds: number;
  /** Solo one stem (by index) through the engine's mixer; the reference is then that stem's own file. */
  soloIndex?: number;
}

async function decode(url: string): Promise<Float32Array> {
  const context = new OfflineAudioContext(1, 1, RATE);
  const buffer = await context.decodeAudioData(await (await fetch(url)).arrayBuffer());
  return buffer.getChannelData(0);
}

/** The lag (in samples, within ±20 ms) at which `rendered` best matches `reference`, and the residual there. */
function bestLag(rendered: Float32Array, reference: Float32Array) {
  let best = { lag: 0, score: -Infinity };
  for (let lag = -MAX_LAG_SAMPLES; lag <= MAX_LAG_SAMPLES; lag++) {
    let score = 0;
    for (let i = MAX_LAG_SAMPLES; i < rendered.length - MAX_LAG_SAMPLES; i++)
      score += (rendered[i] ?? 0) * (reference[i + lag] ?? 0);
    if (score > best.score) best = { lag, score };
  }
  let error = 0;
  let energy = 0;
  for (let i = 0; i < rendered.length; i++) {
    error += ((rendered[i] ?? 0) - (reference[i] ?? 0)) ** 2;
    energy += (reference[i] ?? 0) ** 2;
  }
  return { lagSamples: best.lag, lagMs: (best.lag / RATE) * 1000, residual: error / energy };
}

async function measureDrift(input: DriftInput) {
  const context = new OfflineAudioContext(1, Math.round(RATE * input.renderSeconds), RATE);
  const stems = input.stemUrls.map((url, index) => ({ id: String(index), url, duration: input.duration }));
  const engine = new StemSyncEngine(context, stems, input.duration);
  await engine.load();
  if (input.soloIndex !== undefined)
    input.stemUrls.forEach((_, index) => {
      engine.mix.setAudible(String(index), index === input.soloIndex);
    });
  engine.play(input.from, 0);
  let seekStartedAt = 0;
  void context.suspend(input.seekAt).then(() => {
    engine.seek(input.seekTo);
    // Every source restarts together this far after the seek (the engine's start lead).
    seekStartedAt = context.currentTime + START_LEAD_SECONDS;
    void context.resume();
  });
  const rendered = (await context.startRendering()).getChannelData(0);
  const mix = await decode(input.soloIndex === undefined ? input.mixUrl : (input.stemUrls[input.soloIndex] as string));
  const at = (seconds: number) => Math.round(seconds * RATE);
  const beforeSeek = bestLag(rendered.subarray(0, at(input.seekAt)), mix.subarray(at(input.from), at(input.from + input.seekAt)));
  const startAfterSeek = at(seekStartedAt);
  const afterSeek = bestLag(
    rendered.subarray(startAfterSeek),
    mix.subarray(at(input.seekTo), at(input.seekTo) + rendered.length - startAfterSeek),
  );
  return { beforeSeek, afterSeek };
}

(window as unknown as { measureDrift: typeof measureDrift }).measureDrift = measureDrift;
