import { PAGE_WAVEFORM_PAIRS } from "../../shared/waveform";

/**
 * Waveform peaks from interleaved signed 16-bit PCM (little-endian, as ffmpeg's s16le writes it),
 * reduced as it streams (a 10-minute file never sits in memory). 16 bits are far finer than the 3
 * decimals kept and halve what crosses the pipe compared with float: the decode that validates an
 * upload is on the clock of every upload reply. Min and max are taken over every channel, never a
 * downmix, so a phase-inverted stereo file (L = -R) still draws its full height. The reducer needs
 * no channel count: interleaved samples spread over the points as their frames do (to a sample).
 *
 * Output format (`waveformData`): a flat array [min0, max0, min1, max1, …] of POINTS pairs in -1…1,
 * rounded to 3 significant digits: what wavesurfer.js draws as bars. Significant digits, not decimals, so a
 * quiet recording (the player scales the waveform to its loudest point) keeps its shape instead of rounding to a
 * flat line. Each point starts at 0 (silence), so min ≤ 0 ≤ max always holds.
 *
 * POINTS, the pairs stored: as many as the track page's players draw (src/shared/waveform.ts), so the Track JSON
 * and the page read the stored waveform as it is. At 2,000 pairs, every render parsed and shrank four times what it
 * drew.
 */
export const WAVEFORM_POINTS = PAGE_WAVEFORM_PAIRS;

/**
 * Buckets kept per output point before two neighbours are merged. The length is only known once the
 * decode ends (headers may lie), so samples go into fixed-count buckets that double in width
 * whenever they fill up; at the end every point gathers between 8 and 16 buckets, so a point's edge
 * is off by at most 1/8 of its width.
 */
const BUCKETS_PER_POINT = 16;

export class PeakReducer {
  private readonly mins: Int16Array;
  private readonly maxs: Int16Array;
  /** Samples per bucket; doubles on every fold. */
  private bucketSamples = 1;
  private bucket = 0;
  private samplesInBucket = 0;
  private carry = new Uint8Array(0);
  /** Samples (frames × channels) seen so far: the decoded length. */
  samples = 0;

  constructor(private readonly points = WAVEFORM_POINTS) {
    this.mins = new Int16Array(points * BUCKETS_PER_POINT);
    this.maxs = new Int16Array(points * BUCKETS_PER_POINT);
  }

  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carry.length) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const whole = bytes.length - (bytes.length % 2);
    // An Int16Array needs an even byte offset; copy only a chunk that starts on an odd one.
    const aligned = bytes.byteOffset % 2 === 0 ? bytes : bytes.slice();
    const samples = new Int16Array(aligned.buffer, aligned.byteOffset, whole / 2);
    this.carry = bytes.slice(whole);
    this.samples += samples.length;
    const { mins, maxs } = this;
    let i = 0;
    while (i < samples.length) {
      // A tight min/max over the run of samples that falls in the current bucket.
      const end = Math.min(samples.length, i + this.bucketSamples - this.samplesInBucket);
      let low = mins[this.bucket] as number;
      let high = maxs[this.bucket] as number;
      for (let at = i; at < end; at++) {
        const value = samples[at] as number;
        if (value < low) low = value;
        else if (value > high) high = value;
      }
      mins[this.bucket] = low;
      maxs[this.bucket] = high;
      this.samplesInBucket += end - i;
      i = end;
      if (this.samplesInBucket === this.bucketSamples) {
        this.samplesInBucket = 0;
        if (++this.bucket === mins.length) this.bucket = this.fold();
      }
    }
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
    this.bucketSamples *= 2;
    return half;
  }

  /** The loudest sample magnitude seen on any channel, 0…1 (0 for digital silence). */
  peakLevel(): number {
    let peak = 0;
    for (let i = 0; i < this.mins.length; i++) peak = Math.max(peak, -(this.mins[i] as number), this.maxs[i] as number);
    return peak / FULL_SCALE;
  }

  /** The flat [min, max, …] list, the decoded samples spread evenly over the points. */
  finish(): number[] {
    const out: number[] = [];
    const total = this.samples;
    for (let p = 0; p < this.points; p++) {
      let min = 0;
      let max = 0;
      if (total > 0) {
        // A bucket straddling a point's first sample counts for that point; a point narrower than
        // a bucket (files shorter than 2,000 samples) takes the bucket holding its first sample.
        const first = Math.floor(Math.floor((p * total) / this.points) / this.bucketSamples);
        const end = Math.max(first + 1, Math.floor(Math.floor(((p + 1) * total) / this.points) / this.bucketSamples));
        for (let b = first; b < end; b++) {
          min = Math.min(min, this.mins[b] as number);
          max = Math.max(max, this.maxs[b] as number);
        }
      }
      out.push(round(min / FULL_SCALE), round(max / FULL_SCALE));
    }
    return out;
  }
}

const FULL_SCALE = 32768;
const round = (value: number) => Number(value.toPrecision(3)) || 0;
