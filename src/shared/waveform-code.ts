/**
 * Waveform peaks as one short string, for island props. Astro serialises a prop array element by element
 * (`[0,0.42]` per number), which made the waveforms of a track and four stems most of a page's bytes and of its
 * render time. The peaks go as signed bytes (scaled to the loudest point, which the players scale to anyway: a
 * step of 1/127, finer than a pixel at the heights drawn) in base64: 512 pairs in 1.4 KB.
 */
export function encodeWaveform(peaks: readonly number[]): string {
  let loudest = 0;
  for (const value of peaks) loudest = Math.max(loudest, Math.abs(value));
  const scale = loudest ? 127 / loudest : 0;
  const bytes = new Uint8Array(peaks.length);
  for (let index = 0; index < peaks.length; index++) bytes[index] = Math.round((peaks[index] as number) * scale) & 0xff;
  // One call over the bytes: spreading them (`...bytes`) walked an iterator per byte.
  return btoa(String.fromCharCode.apply(null, bytes as unknown as number[]));
}

/** The peaks of `encodeWaveform`, from -1 to 1. */
export function decodeWaveform(code: string): number[] {
  const binary = atob(code);
  const peaks: number[] = new Array(binary.length);
  for (let index = 0; index < binary.length; index++) {
    const byte = binary.charCodeAt(index);
    peaks[index] = (byte > 127 ? byte - 256 : byte) / 127;
  }
  return peaks;
}
