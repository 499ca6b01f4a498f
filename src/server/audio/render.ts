import type { MeasuredLoudness } from "../../shared/loudness";
import { runFfmpeg } from "../infra/ffmpeg";
import { DEMUXER, type UploadFormat } from "./sniff";

/** Streaming MP3 bitrate for full tracks and stems. */
export const MP3_BITRATE = "192k";
const RENDER_TIMEOUT_MS = 15 * 60_000;

const input = (path: string, format: UploadFormat) => ["-f", DEMUXER[format], "-i", `file:${path}`];

/**
 * ffmpeg's ebur128 meter with the true peak (4× oversampled), whose summary `loudnessIn` reads; its line per 100 ms
 * goes to the verbose level, out of the output read.
 */
const METER = "ebur128=framelog=verbose:peak=true";

/**
 * One decode feeding two outputs: the streaming MP3 (written to `mp3Path`) and EBU R128 loudness
 * and true peak from the same decoded frames via asplit.
 */
export async function renderMp3AndLoudness(
  path: string,
  format: UploadFormat,
  mp3Path: string,
  signal?: AbortSignal,
): Promise<MeasuredLoudness> {
  const { stderr } = await runFfmpeg(
    [
      ...input(path, format),
      "-loglevel",
      "info",
      "-nostats",
      "-filter_complex",
      `[0:a:0]asplit=2[mp3][meter];[meter]${METER}[metered]`,
      "-map",
      "[mp3]",
      "-c:a",
      "libmp3lame",
      "-b:a",
      MP3_BITRATE,
      "-f",
      "mp3",
      `file:${mp3Path}`,
      "-map",
      "[metered]",
      "-f",
      "null",
      "-",
    ],
    { timeoutMs: RENDER_TIMEOUT_MS, signal },
  );
  return loudnessIn(stderr);
}

/** The loudness and true peak of the file at `path`, decoded once and metered (audio processed before peaks were). */
export async function measureLoudness(path: string, format: UploadFormat, signal?: AbortSignal): Promise<MeasuredLoudness> {
  const { stderr } = await runFfmpeg(
    [...input(path, format), "-loglevel", "info", "-nostats", "-map", "0:a:0", "-af", METER, "-f", "null", "-"],
    { timeoutMs: RENDER_TIMEOUT_MS, signal },
  );
  return loudnessIn(stderr);
}

/** The meter's summary, printed last: `I: -14.2 LUFS` and, under "True peak:", `Peak: -0.8 dBFS` (-inf for silence). */
function loudnessIn(stderr: string): MeasuredLoudness {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = summary.match(/I:\s+(-?[\d.]+|-inf) LUFS/)?.[1];
  const peak = summary.slice(summary.indexOf("True peak:")).match(/Peak:\s+(-?[\d.]+|-inf) dBFS/)?.[1];
  const level = (value: string | undefined) => (value === undefined || value === "-inf" ? null : Number(value));
  return { loudnessLufs: level(integrated), truePeakDb: level(peak) };
}
