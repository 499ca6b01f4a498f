import { readFlacHeader, readWavHeader } from "../../src/server/audio/headers";
import { DEMUXER, readHead, type UploadFormat } from "../../src/server/audio/sniff";
import { runFfmpeg } from "../../src/server/infra/ffmpeg";
import type { ConversionFormat } from "../../src/shared/conversion-status";

/**
 * Whether the original is deeper than 16 bits (or floating point): its derivatives then keep 24 bits
 * instead of being truncated. Read from the header the upload already checked, so no ffprobe runs.
 */
async function isHighResolution(path: string, format: "wav" | "flac"): Promise<boolean> {
  const file = Bun.file(path);
  const depth = format === "wav" ? (await readWavHeader(file)).depth : readFlacHeader((await readHead(file)).head)?.depth;
  return depth ? depth.float || depth.bits > 16 : false;
}

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
  const demuxer: string | undefined = DEMUXER[originalFormat as UploadFormat];
  if (!demuxer) throw new Error(`No demuxer for stored format ${originalFormat}`);
  const highResolution =
    originalFormat === "wav" || originalFormat === "flac" ? await isHighResolution(inputPath, originalFormat) : false;
  const codec =
    format === "wav"
      ? ["-c:a", highResolution ? "pcm_s24le" : "pcm_s16le", "-f", "wav"]
      : ["-c:a", "flac", "-sample_fmt", highResolution ? "s32" : "s16", "-f", "flac"];
  await runFfmpeg(["-f", demuxer, "-i", `file:${inputPath}`, "-map", "0:a:0", "-vn", ...codec, `file:${outputPath}`], {
    signal,
  });
}
