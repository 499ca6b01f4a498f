/**
 * Levels of a rendered mix, channel by channel, as both sides of the mix tests measure them (the server's file
 * decoded here, the mixer's OfflineAudioContext render in Chromium): the RMS, in dB, of the steady middle of the
 * tone stems (from 0.5 s to 0.5 s before the end), away from MP3 padding and the faders' first glide.
 */
/** The tone stems' sample rate and length (tone-stems.ts makes them; kept here, which the browser probe bundles too). */
export const TONE_RATE = 48_000;
export const TONE_SECONDS = 3;

export const LEVEL_WINDOW = { from: 0.5, to: TONE_SECONDS - 0.5 } as const;

/** A sine at lavfi's default amplitude (1/8): −21.07 dB RMS. A stem heard at unity on a side has this level there. */
export const TONE_LEVEL_DB = 20 * Math.log10(0.125 / Math.SQRT2);
/** Below this a side counts as silent (MP3 coding noise sits far under it). */
export const SILENT_DB = -80;

/** The RMS level in dB of one channel's samples at `rate` over LEVEL_WINDOW. */
export function windowLevelDb(samples: Float32Array, rate = TONE_RATE): number {
  const window = samples.subarray(Math.round(LEVEL_WINDOW.from * rate), Math.round(LEVEL_WINDOW.to * rate));
  let energy = 0;
  for (const sample of window) energy += sample * sample;
  return 10 * Math.log10(energy / window.length || 1e-30);
}

/** A file's audio decoded by the system ffmpeg as stereo at TONE_RATE, one array per channel. */
export function decodeStereo(bytes: Uint8Array): [Float32Array, Float32Array] {
  const run = Bun.spawnSync(
    ["ffmpeg", "-v", "error", "-i", "pipe:0", "-ac", "2", "-ar", String(TONE_RATE), "-f", "f32le", "pipe:1"],
    {
      stdin: bytes,
    },
  );
  if (run.exitCode !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`);
  const interleaved = new Float32Array(run.stdout.buffer, run.stdout.byteOffset, run.stdout.byteLength / 4);
  const side = (which: 0 | 1) => Float32Array.from({ length: interleaved.length / 2 }, (_, i) => interleaved[i * 2 + which] ?? 0);
  return [side(0), side(1)];
}

/** Left and right levels (dB, over LEVEL_WINDOW) of a decoded stereo file. */
export const channelLevelsDb = ([left, right]: [Float32Array, Float32Array]): [number, number] => [
  windowLevelDb(left),
  windowLevelDb(right),
];
