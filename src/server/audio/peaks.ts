/**
 * Waveform peaks from interleaved float PCM, reduced as it streams (a 10-minute file never sits in
 * memory). Min and max are taken over every channel, never a downmix, so a phase-inverted stereo
 * file (L = -R) still draws its full height.
 *
 * Output format (`waveformData`): a flat array [min0, max0, min1, max1, …] of POINTS pairs in -1…1,
 * rounded to 3 decimals: enough for a 2,000-px-wide waveform, and what wavesurfer.js draws as bars.
 */
export const WAVEFORM_POINTS = 2000;

/** Fine buckets of this many frames are kept while streaming, then merged into POINTS at the end. */
const FRAMES_PER_BUCKET = 64;

export class PeakReducer {
  private readonly mins: number[] = [];
  private readonly maxs: number[] = [];
  private bucketMin = Number.POSITIVE_INFINITY;
  private bucketMax = Number.NEGATIVE_INFINITY;
  private samplesInBucket = 0;
  private carry = new Uint8Array(0);

  constructor(private readonly channels: number) {}

  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carry.length) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const whole = bytes.length - (bytes.length % 4);
    // Copy so the Float32Array is aligned regardless of the chunk's byte offset.
    const samples = new Float32Array(bytes.slice(0, whole).buffer);
    this.carry = bytes.slice(whole);
    const perBucket = FRAMES_PER_BUCKET * this.channels;
    let { bucketMin, bucketMax, samplesInBucket } = this;
    for (let i = 0; i < samples.length; i++) {
      const value = samples[i] as number;
      if (value < bucketMin) bucketMin = value;
      if (value > bucketMax) bucketMax = value;
      if (++samplesInBucket === perBucket) {
        this.mins.push(bucketMin);
        this.maxs.push(bucketMax);
        bucketMin = Number.POSITIVE_INFINITY;
        bucketMax = Number.NEGATIVE_INFINITY;
        samplesInBucket = 0;
      }
    }
    Object.assign(this, { bucketMin, bucketMax, samplesInBucket });
  }

  /** Merges the fine buckets into `points` min/max pairs (fewer when the audio is shorter). */
  finish(points = WAVEFORM_POINTS): number[] {
    if (this.samplesInBucket > 0) {
      this.mins.push(this.bucketMin);
      this.maxs.push(this.bucketMax);
    }
    const buckets = this.mins.length;
    const count = Math.min(points, buckets);
    const out: number[] = [];
    for (let p = 0; p < count; p++) {
      const from = Math.floor((p * buckets) / count);
      const to = Math.max(from + 1, Math.floor(((p + 1) * buckets) / count));
      let min = 0;
      let max = 0;
      for (let b = from; b < to; b++) {
        min = Math.min(min, this.mins[b] as number);
        max = Math.max(max, this.maxs[b] as number);
      }
      out.push(round(Math.max(-1, min)), round(Math.min(1, max)));
    }
    return out;
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000 || 0;
