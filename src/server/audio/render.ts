import { runFfmpeg } from "../infra/ffmpeg";
import { DEMUXER, type UploadFormat } from "./sniff";

/** Streaming MP3 bitrate for full tracks and stems. */
export const MP3_BITRATE = "192k";
const RENDER_TIMEOUT_MS = 15 * 60_000;

const input = (path: string, format: UploadFormat) => ["-f", DEMUXER[format], "-i", `file:${path}`];

/**
 * One decode feeding two outputs: the streaming MP3 (written to `mp3Path`) and EBU R128 loudness
 * (integrated, LUFS) from the same decoded frames via asplit.
 */
export async function renderMp3AndLoudness(
  path: string,
  format: UploadFormat,
  mp3Path: string,
  signal?: AbortSignal,
): Promise<{ loudnessLufs: number | null }> {
  const { stderr } = await runFfmpeg(
    [
      ...input(path, format),
      "-loglevel",
      "info",
      "-nostats",
      "-filter_complex",
      "[0:a:0]asplit=2[mp3][meter];[meter]ebur128=framelog=verbose[metered]",
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
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = summary.match(/I:\s+(-?[\d.]+|-inf) LUFS/)?.[1];
  return { loudnessLufs: integrated === undefined || integrated === "-inf" ? null : Number(integrated) };
}
