import { probe, runFfmpeg } from "../../src/server/ffmpeg";
import type { ConversionFormat } from "./schema";

/** ffmpeg's demuxer for each stored original format: the input format is always forced, never sniffed. */
const DEMUXERS: Record<string, string> = {
  wav: "wav",
  flac: "flac",
  xm: "libopenmpt",
  it: "libopenmpt",
  s3m: "libopenmpt",
  mod: "libopenmpt",
};

export function demuxerFor(originalFormat: string): string {
  const demuxer = DEMUXERS[originalFormat];
  if (!demuxer) throw new Error(`No demuxer for format ${originalFormat}`);
  return demuxer;
}

/** Sample formats deeper than 16 bits; their derivatives keep 24 bits instead of being truncated. */
const HIGH_RESOLUTION = new Set(["s32", "s32p", "s64", "s64p", "flt", "fltp", "dbl", "dblp"]);

/**
 * Encodes a local original into a WAV or FLAC file at `outputPath`. Modules render through libopenmpt
 * to 16-bit (their samples are 8/16-bit); PCM/FLAC originals keep 16 or 24 bits as they came.
 */
export async function encodeDerivative(
  inputPath: string,
  originalFormat: string,
  format: ConversionFormat,
  outputPath: string,
  signal: AbortSignal,
): Promise<void> {
  const demuxer = demuxerFor(originalFormat);
  let highResolution = false;
  if (demuxer !== "libopenmpt") {
    const report = await probe(inputPath, demuxer, { signal, timeoutMs: 60_000 });
    const audio = report.streams?.find((stream) => stream.codec_type === "audio");
    highResolution = HIGH_RESOLUTION.has(audio?.sample_fmt ?? "");
  }
  const codec =
    format === "wav"
      ? ["-c:a", highResolution ? "pcm_s24le" : "pcm_s16le", "-f", "wav"]
      : ["-c:a", "flac", "-sample_fmt", highResolution ? "s32" : "s16", "-f", "flac"];
  await runFfmpeg(["-f", demuxer, "-i", `file:${inputPath}`, "-map", "0:a:0", "-vn", ...codec, `file:${outputPath}`], {
    signal,
  });
}
