import { type AudioFormat, DEMUXER } from "../../src/server/audio/sniff";
import { probe, runFfmpeg } from "../../src/server/ffmpeg";
import type { ConversionFormat } from "./schema";

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
  // The input format is always forced from the stored format, never sniffed again. Stems keep their
  // format as plain text, so an unknown one fails here rather than reaching ffmpeg.
  const demuxer: string | undefined = DEMUXER[originalFormat as AudioFormat];
  if (!demuxer) throw new Error(`No demuxer for stored format ${originalFormat}`);
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
