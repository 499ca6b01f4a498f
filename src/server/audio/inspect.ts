import { stripBidiControls } from "../../shared/bidi";
import { FfmpegError, probe, runFfmpeg } from "../infra/ffmpeg";
import { type PcmLayout, readFlacHeader, readWavHeader, type WavHeader } from "./headers";
import { moduleIsWhole } from "./module-structure";
import { PeakReducer } from "./peaks";
import { DEMUXER, looksLikeMp3, MODULE_FORMATS, readHead, sniffAudio, type UploadFormat } from "./sniff";

/** What the upload learns about a file before anything is stored or charged. */
export interface AudioFacts {
  format: UploadFormat;
  /** Seconds, from the decoded sample count (never from a header, which may lie). */
  duration: number;
  sampleRate: number;
  channels: number;
  /** Decoded sample frames (per channel): stems must match the original exactly. */
  frames: number;
  /** Peaks over the whole decode (see peaks.ts), made by the same pass that validated the file. */
  waveformData: number[];
  moduleTitle: string | null;
  moduleMessage: string | null;
  /** Whether a browser plays the original file itself (else players wait for the MP3). */
  playsInBrowsers: boolean;
}

/** A file the pipeline refuses; the message is for the uploader. */
export class AudioRejected extends Error {}

const PROBE_TIMEOUT_MS = 30_000;
const DECODE_TIMEOUT_MS = 120_000;
/** Rendered modules peaking below -60 dBFS are silence (libopenmpt turns missing data into -91 dB dither). */
const SILENCE_LEVEL = 10 ** (-60 / 20);

/**
 * Sniffs one file, reads its layout (from a WAV or FLAC header; ffprobe for modules) and fully
 * decodes it; the decode also makes its waveform. `label` names it in messages ("Audio file", "Stem 2").
 * Throws AudioRejected for anything that is not whole, honest, decodable, audible audio of `expected`.
 */
export async function inspectAudio(path: string, expected: UploadFormat, label: string): Promise<AudioFacts> {
  const file = Bun.file(path);
  if (file.size === 0) throw new AudioRejected(`${label} is empty`);
  const { head, tagLength } = await readHead(file);
  if (expected === "mp3") return inspectMp3(path, label, head);
  // Only FLAC may follow a leading ID3v2 tag (an MP3 usually starts with one, and stays refused).
  const sniffed = sniffAudio(head);
  const format = tagLength > 0 && sniffed !== "flac" ? null : sniffed;
  if (!format) throw new AudioRejected(`${label} is not a valid ${expected.toUpperCase()} file`);
  if (format !== expected)
    throw new AudioRejected(`${label} contains ${format.toUpperCase()} data, not ${expected.toUpperCase()}`);
  if (MODULE_FORMATS.includes(format)) return inspectModule(path, format, label, await file.bytes());

  const wav = format === "wav" ? await honestWavHeader(file, label) : null;
  const layout = wav ? wav.layout : (readFlacHeader(head)?.layout ?? null);
  if (!layout?.sampleRate || !layout.channels) {
    throw new AudioRejected(`${label} could not be read as ${format.toUpperCase()} audio`);
  }
  // WAV and FLAC headers state the layout, so no ffprobe process: the decode, with the demuxer
  // forced and every frame checked, is what proves the bytes are this format.
  // A WAV whose data runs to the end of the file ends on a short read, which ffmpeg flags as a
  // corrupt packet: there, stopping at the first error would refuse every such file.
  // FLAC always plays; a WAV only in the codecs browsers decode.
  return decodedFacts(path, format, label, layout, !wav?.runsToEnd, wav ? wav.playsInBrowsers : true);
}

/** A WAV, FLAC or MP3 whose layout is known: the validating decode, and the facts it yields. */
async function decodedFacts(
  path: string,
  format: UploadFormat,
  label: string,
  layout: PcmLayout,
  strict: boolean,
  playsInBrowsers: boolean,
): Promise<AudioFacts> {
  const { samples, waveformData } = await decodeAll(path, format, label, layout, strict);
  const frames = Math.floor(samples / layout.channels);
  if (frames === 0) throw new AudioRejected(`${label} contains no audio`);
  return {
    format,
    duration: frames / layout.sampleRate,
    ...layout,
    frames,
    waveformData,
    moduleTitle: null,
    moduleMessage: null,
    playsInBrowsers,
  };
}

/**
 * An MP3 stem: its frame header must be there, its layout comes from ffprobe (MP3 has no file header
 * stating it), and the same validating decode counts its samples (ffmpeg honours the LAME gapless
 * header, so encoder priming and padding are not counted).
 */
async function inspectMp3(path: string, label: string, head: Uint8Array): Promise<AudioFacts> {
  if (!looksLikeMp3(head)) throw new AudioRejected(`${label} is not a valid MP3 file`);
  const report = await probe(path, DEMUXER.mp3, { timeoutMs: PROBE_TIMEOUT_MS }).catch(() => null);
  const stream = report?.streams?.find((s) => s.codec_type === "audio");
  if (stream?.codec_name !== "mp3" || !stream.sample_rate || !stream.channels) {
    throw new AudioRejected(`${label} could not be read as MP3 audio`);
  }
  const layout = { sampleRate: Number(stream.sample_rate), channels: stream.channels };
  return decodedFacts(path, "mp3", label, layout, true, true);
}

async function honestWavHeader(file: Blob, label: string): Promise<WavHeader> {
  const header = await readWavHeader(file);
  if (!header.sizesFit) throw new AudioRejected(`${label} is truncated or its header declares more data than the file holds`);
  return header;
}

/**
 * A tracker module: whole by its own structure, audible when rendered, with its title and message
 * text from ffprobe (libopenmpt's metadata), which runs beside the render.
 */
async function inspectModule(path: string, format: UploadFormat, label: string, bytes: Uint8Array): Promise<AudioFacts> {
  if (!moduleIsWhole(format, bytes)) throw new AudioRejected(`${label} is a truncated module`);
  const [probed, decoded] = await Promise.allSettled([
    probe(path, DEMUXER[format], { timeoutMs: PROBE_TIMEOUT_MS }),
    decodeAll(path, format, label, null, true),
  ]);
  const report = probed.status === "fulfilled" ? probed.value : null;
  const stream = report?.streams?.find((s) => s.codec_type === "audio");
  // With the input format forced, ffprobe names that demuxer back only when the bytes really parse as it.
  if (report?.format?.format_name !== DEMUXER[format] || !stream?.sample_rate || !stream.channels) {
    throw new AudioRejected(`${label} could not be read as ${format.toUpperCase()} audio`);
  }
  if (decoded.status === "rejected") throw decoded.reason;
  const { samples, peakLevel, waveformData } = decoded.value;
  const sampleRate = Number(stream.sample_rate);
  const frames = Math.floor(samples / stream.channels);
  if (frames === 0) throw new AudioRejected(`${label} contains no audio`);
  if (peakLevel < SILENCE_LEVEL) throw new AudioRejected(`${label} renders to silence (the module is damaged or incomplete)`);
  const tags = report?.format?.tags ?? {};
  return {
    format,
    duration: frames / sampleRate,
    sampleRate,
    channels: stream.channels,
    frames,
    waveformData,
    moduleTitle: stripBidiControls(tags.title ?? "").trim() || null,
    moduleMessage: stripBidiControls(tags.comment ?? "").trim() || null,
    playsInBrowsers: false,
  };
}

/**
 * The one full decode, to raw 16-bit PCM on a pipe, with `-xerror` so any damaged frame fails it.
 * While it streams it yields the sample count (the true length), the loudest sample (the silence
 * check) and the waveform peaks, so the upload answers with a drawable track. With a `layout` from
 * the header, the output is held to it, so frames that stray from the header (a crafted FLAC whose
 * STREAMINFO claims more channels than its frames carry) cannot shrink the counted length. `strict`
 * stops at the first damaged frame (`-xerror`).
 */
async function decodeAll(path: string, format: UploadFormat, label: string, layout: PcmLayout | null, strict: boolean) {
  const reducer = new PeakReducer();
  const heldTo = layout ? ["-ac", String(layout.channels), "-ar", String(layout.sampleRate)] : [];
  try {
    await runFfmpeg(
      [
        ...(strict ? ["-xerror"] : []),
        ...["-f", DEMUXER[format], "-i", `file:${path}`, "-map", "0:a:0"],
        ...heldTo,
        ...["-c:a", "pcm_s16le", "-f", "s16le", "pipe:1"],
      ],
      { timeoutMs: DECODE_TIMEOUT_MS, onStdout: (chunk) => reducer.push(chunk) },
    );
  } catch (error) {
    if (error instanceof FfmpegError) throw new AudioRejected(`${label} is damaged and could not be decoded`);
    throw error;
  }
  return { samples: reducer.samples, peakLevel: reducer.peakLevel(), waveformData: reducer.finish() };
}
