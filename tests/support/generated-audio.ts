/**
 * Audio made on the spot by the system ffmpeg from a lavfi `source` (e.g. "sine=duration=2"),
 * encoded with the `output` options (format included) to stdout: for edge cases no corpus file has.
 */
export function generateAudio(source: string, output: string[]): Uint8Array<ArrayBuffer> {
  const made = Bun.spawnSync(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", source, ...output, "pipe:1"]);
  if (made.exitCode !== 0) throw new Error(`ffmpeg could not make ${source}: ${made.stderr.toString()}`);
  return new Uint8Array(made.stdout);
}
