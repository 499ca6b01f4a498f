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

export class PeakReducer {
  private readonly mins: Float32Array;
  private readonly maxs: Float32Array;
  private frame = 0;
  private channel = 0;
  private carry = new Uint8Array(0);

  /**
   * `expectedFrames` is the decoded length measured at upload; it spreads the frames over the
   * points in one pass. Should the decode run longer, the extra frames fold into the last point.
   */
  constructor(
    private readonly channels: number,
    private readonly expectedFrames: number,
    private readonly points = WAVEFORM_POINTS,
  ) {
    this.mins = new Float32Array(points);
    this.maxs = new Float32Array(points);
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
    const { mins, maxs, channels, points } = this;
    const scale = points / Math.max(1, this.expectedFrames);
    let { frame, channel } = this;
    let point = Math.min(points - 1, Math.floor(frame * scale));
    for (let i = 0; i < samples.length; i++) {
      const value = samples[i] as number;
      if (value < (mins[point] as number)) mins[point] = value;
      if (value > (maxs[point] as number)) maxs[point] = value;
      if (++channel === channels) {
        channel = 0;
        frame++;
        point = Math.min(points - 1, Math.floor(frame * scale));
      }
    }
    this.frame = frame;
    this.channel = channel;
  }

  /** The flat [min, max, …] list; points past the end of a shorter-than-expected decode stay 0. */
  finish(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.points; p++)
      out.push(round(Math.max(-1, this.mins[p] as number)), round(Math.min(1, this.maxs[p] as number)));
    return out;
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000 || 0;
