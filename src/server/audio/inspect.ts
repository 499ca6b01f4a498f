import { FfmpegError, probe, runFfmpeg } from "../ffmpeg";
import { moduleIsWhole } from "./module-structure";
import { type AudioFormat, DEMUXER, MODULE_FORMATS, SNIFF_BYTES, sniffAudio, wavSizesAreHonest } from "./sniff";

/** What the upload learns about a file before anything is stored or charged. */
export interface AudioFacts {
  format: AudioFormat;
  /** Seconds, from the decoded sample count (never from a header, which may lie). */
  duration: number;
  sampleRate: number;
  channels: number;
  /** Decoded sample frames (per channel): stems must match the original exactly. */
  frames: number;
  moduleTitle: string | null;
  moduleMessage: string | null;
}

/** A file the pipeline refuses; the message is for the uploader. */
export class AudioRejected extends Error {}

const PROBE_TIMEOUT_MS = 30_000;
const DECODE_TIMEOUT_MS = 120_000;
/** Rendered modules quieter than this are silence (libopenmpt turns missing data into -91 dB dither). */
const SILENCE_DB = -60;
/** The demuxer name ffprobe reports for each format; it must agree with the sniffed bytes. */
const PROBED_NAME: Record<AudioFormat, string> = {
  wav: "wav",
  flac: "flac",
  xm: "libopenmpt",
  it: "libopenmpt",
  s3m: "libopenmpt",
  mod: "libopenmpt",
};

/**
 * Sniffs, probes and fully decodes one file. `label` names it in messages ("Audio file", "Stem 2").
 * Throws AudioRejected for anything that is not whole, honest, decodable, audible audio of `expected`.
 */
export async function inspectAudio(path: string, expected: AudioFormat, label: string): Promise<AudioFacts> {
  const file = Bun.file(path);
  if (file.size === 0) throw new AudioRejected(`${label} is empty`);
  const head = await file.slice(0, SNIFF_BYTES).bytes();
  const format = sniffAudio(head);
  if (!format) throw new AudioRejected(`${label} is not a WAV, FLAC or tracker module file`);
  if (format !== expected)
    throw new AudioRejected(`${label} contains ${format.toUpperCase()} data, not ${expected.toUpperCase()}`);
  if (format === "wav" && !(await wavSizesAreHonest(file))) {
    throw new AudioRejected(`${label} is truncated or its header declares more data than the file holds`);
  }
  const isModule = MODULE_FORMATS.includes(format);
  if (isModule && !moduleIsWhole(format, await file.bytes())) throw new AudioRejected(`${label} is a truncated module`);

  const report = await probe(path, DEMUXER[format], { timeoutMs: PROBE_TIMEOUT_MS }).catch(() => {
    throw new AudioRejected(`${label} could not be read as ${format.toUpperCase()} audio`);
  });
  const stream = report.streams?.find((s) => s.codec_type === "audio");
  if (report.format?.format_name !== PROBED_NAME[format] || !stream?.sample_rate || !stream.channels) {
    throw new AudioRejected(`${label} could not be read as ${format.toUpperCase()} audio`);
  }
  const sampleRate = Number(stream.sample_rate);
  const { samples, maxDb } = await decodeAll(path, format, label);
  const frames = Math.round(samples / stream.channels);
  if (frames === 0) throw new AudioRejected(`${label} contains no audio`);
  if (isModule && maxDb < SILENCE_DB)
    throw new AudioRejected(`${label} renders to silence (the module is damaged or incomplete)`);
  const tags = report.format?.tags ?? {};
  return {
    format,
    duration: frames / sampleRate,
    sampleRate,
    channels: stream.channels,
    frames,
    moduleTitle: isModule ? tags.title?.trim() || null : null,
    moduleMessage: isModule ? tags.comment?.trim() || null : null,
  };
}

/** One full decode with `-xerror`: any damaged frame fails it; volumedetect counts samples and the peak. */
async function decodeAll(path: string, format: AudioFormat, label: string): Promise<{ samples: number; maxDb: number }> {
  try {
    const { stderr } = await runFfmpeg(
      [
        "-xerror",
        "-f",
        DEMUXER[format],
        "-i",
        `file:${path}`,
        "-loglevel",
        "info",
        "-nostats",
        "-map",
        "0:a:0",
        "-af",
        "volumedetect",
        "-f",
        "null",
        "-",
      ],
      { timeoutMs: DECODE_TIMEOUT_MS },
    );
    const samples = Number(stderr.match(/n_samples: (\d+)/)?.[1] ?? 0);
    const maxDb = stderr.match(/max_volume: (-?[\d.]+|-inf) dB/)?.[1];
    return { samples, maxDb: maxDb === undefined || maxDb === "-inf" ? Number.NEGATIVE_INFINITY : Number(maxDb) };
  } catch (error) {
    if (error instanceof FfmpegError) throw new AudioRejected(`${label} is damaged and could not be decoded`);
    throw error;
  }
}
