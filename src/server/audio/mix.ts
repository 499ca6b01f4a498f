import { runFfmpeg } from "../ffmpeg";
import { DEMUXER, type UploadFormat } from "./sniff";

const RENDER_TIMEOUT_MS = 15 * 60_000;
/** 24-bit FLAC: lossless for 16- and 24-bit sources, and room for a sum louder than any one stem. */
const FLAC_24 = ["-c:a", "flac", "-sample_fmt", "s32", "-bits_per_raw_sample", "24", "-f", "flac"];

export interface MixSource {
  path: string;
  format: UploadFormat;
}

const input = ({ path, format }: MixSource) => ["-f", DEMUXER[format], "-i", `file:${path}`];

/**
 * Pads with silence or trims one file to exactly `frames` samples per channel (a stem a few
 * milliseconds off its track, an MP3's leftover padding), written as 24-bit FLAC.
 */
export async function fitToFrames(source: MixSource, frames: number, outPath: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(
    [
      ...input(source),
      "-map",
      "0:a:0",
      "-af",
      `apad=whole_len=${frames},atrim=end_sample=${frames}`,
      ...FLAC_24,
      `file:${outPath}`,
    ],
    { timeoutMs: RENDER_TIMEOUT_MS, signal },
  );
}

/**
 * The sum of the stems at unity gain, as the synced player plays them all at once: amix with
 * `normalize=0` (by default amix divides by the number of inputs, which would make the mix quieter
 * than the stems played together). As long as the first stem, which has the track's length.
 */
export async function mixStems(sources: MixSource[], outPath: string, signal?: AbortSignal): Promise<void> {
  const labels = sources.map((_, index) => `[${index}:a:0]`).join("");
  const filter =
    sources.length === 1 ? "[0:a:0]anull[mix]" : `${labels}amix=inputs=${sources.length}:normalize=0:duration=first[mix]`;
  await runFfmpeg([...sources.flatMap(input), "-filter_complex", filter, "-map", "[mix]", ...FLAC_24, `file:${outPath}`], {
    timeoutMs: RENDER_TIMEOUT_MS,
    signal,
  });
}
