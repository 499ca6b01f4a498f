/**
 * Waveform peaks from interleaved float PCM, reduced as it streams (a 10-minute file never sits in
 * memory). Min and max are taken over every channel, never a downmix, so a phase-inverted stereo
 * file (L = -R) still draws its full height.
 *
 * Output format (`waveformData`): a flat array [min0, max0, min1, max1, …] of POINTS pairs in -1…1,
 * rounded to 3 decimals: enough for a 2,000-px-wide waveform, and what wavesurfer.js draws as bars.
 * Each point starts at 0 (silence), so min ≤ 0 ≤ max always holds.
 */
export const WAVEFORM_POINTS = 2000;

/**
 * Buckets kept per output point before two neighbours are merged. The length is only known once the
 * decode ends (headers may lie), so frames go into fixed-count buckets that double in width whenever
 * they fill up; at the end every point gathers between 8 and 16 buckets, so a point's edge is off by
 * at most 1/8 of its width.
 */
const BUCKETS_PER_POINT = 16;

export class PeakReducer {
  private readonly mins: Float32Array;
  private readonly maxs: Float32Array;
  /** Frames per bucket; doubles on every fold. */
  private bucketFrames = 1;
  private bucket = 0;
  private framesInBucket = 0;
  private channel = 0;
  private carry = new Uint8Array(0);
  /** Whole sample frames (one sample per channel) seen so far: the decoded length. */
  frames = 0;

  constructor(
    private readonly channels: number,
    private readonly points = WAVEFORM_POINTS,
  ) {
    this.mins = new Float32Array(points * BUCKETS_PER_POINT);
    this.maxs = new Float32Array(points * BUCKETS_PER_POINT);
  }

  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carry.length) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const whole = bytes.length - (bytes.length % 4);
    // Copy so the Float32Array is aligned whatever the chunk's byte offset.
    const samples = new Float32Array(bytes.slice(0, whole).buffer);
    this.carry = bytes.slice(whole);
    const { mins, maxs, channels } = this;
    let { bucket, framesInBucket, channel, frames } = this;
    for (let i = 0; i < samples.length; i++) {
      const value = samples[i] as number;
      if (value < (mins[bucket] as number)) mins[bucket] = value;
      if (value > (maxs[bucket] as number)) maxs[bucket] = value;
      if (++channel === channels) {
        channel = 0;
        frames++;
        if (++framesInBucket === this.bucketFrames) {
          framesInBucket = 0;
          if (++bucket === mins.length) bucket = this.fold();
        }
      }
    }
    this.bucket = bucket;
    this.framesInBucket = framesInBucket;
    this.channel = channel;
    this.frames = frames;
  }

  /** Merges neighbouring buckets pairwise (halving the count, doubling the width); returns the next free bucket. */
  private fold(): number {
    const { mins, maxs } = this;
    const half = mins.length / 2;
    for (let i = 0; i < half; i++) {
      mins[i] = Math.min(mins[2 * i] as number, mins[2 * i + 1] as number);
      maxs[i] = Math.max(maxs[2 * i] as number, maxs[2 * i + 1] as number);
    }
    mins.fill(0, half);
    maxs.fill(0, half);
    this.bucketFrames *= 2;
    return half;
  }

  /** The loudest sample magnitude seen on any channel (0 for digital silence). */
  peakLevel(): number {
    let peak = 0;
    for (let i = 0; i < this.mins.length; i++) peak = Math.max(peak, -(this.mins[i] as number), this.maxs[i] as number);
    return peak;
  }

  /** The flat [min, max, …] list, the decoded frames spread evenly over the points. */
  finish(): number[] {
    const out: number[] = [];
    const total = this.frames;
    for (let p = 0; p < this.points; p++) {
      let min = 0;
      let max = 0;
      if (total > 0) {
        // A bucket straddling a point's first frame counts for that point; a point narrower than
        // a bucket (files shorter than 2,000 frames) takes the bucket holding its first frame.
        const first = Math.floor(Math.floor((p * total) / this.points) / this.bucketFrames);
        const end = Math.max(first + 1, Math.floor(Math.floor(((p + 1) * total) / this.points) / this.bucketFrames));
        for (let b = first; b < end; b++) {
          min = Math.min(min, this.mins[b] as number);
          max = Math.max(max, this.maxs[b] as number);
        }
      }
      out.push(round(Math.max(-1, min)), round(Math.min(1, max)));
    }
    return out;
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000 || 0;
