import { setPriority } from "node:os";
import { config } from "../config";
import { perRuntime } from "../runtime";
import { createSlots } from "./slots";

/**
 * The one place that spawns ffmpeg/ffprobe. Arguments are always an array (no shell), inputs are
 * restricted to local files and pipes, every run has a timeout, and at most `jobConcurrency`
 * processes run at once so uploads share the cores instead of thrashing them. They run at a lower CPU
 * priority than the server, so that a queue full of uploads delays the uploads, not the pages and media
 * listeners are waiting for (`npm run test:load`: readers' p99 with ten uploaders).
 */
export interface RunResult {
  code: number;
  stdout: Uint8Array;
  stderr: string;
}

export interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  stdin?: Blob | Uint8Array;
  /** Streams stdout to this callback instead of collecting it (large raw PCM for peaks). */
  onStdout?: (chunk: Uint8Array) => void;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** The niceness of every ffmpeg/ffprobe child (0 is the server's; 19 the lowest priority). */
export const TOOL_NICENESS = 10;
/** One ffmpeg/ffprobe process per JOB_CONCURRENCY slot, so uploads share the cores instead of thrashing them. */
const toolSlots = perRuntime(({ config }) => createSlots(config.jobConcurrency));

async function drain(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void): Promise<Uint8Array> {
  for await (const chunk of stream) onChunk(chunk);
  return new Uint8Array();
}

function spawnTool(bin: string, args: string[], options: RunOptions): Promise<RunResult> {
  return toolSlots()(() => runTool(bin, args, options));
}

async function runTool(bin: string, args: string[], options: RunOptions): Promise<RunResult> {
  const proc = Bun.spawn([bin, "-hide_banner", ...args], {
    stdin: options.stdin ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
    // FFMPEG_TIMEOUT_SECONDS caps every run: a hung or stopped ffmpeg is killed and its job fails.
    timeout: Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, config().ffmpegTimeoutSeconds * 1000),
    killSignal: "SIGKILL",
    signal: options.signal,
  });
  try {
    setPriority(proc.pid, TOOL_NICENESS);
  } catch {
    // The child already exited (a failed start, or a very short probe): nothing left to lower.
  }
  const [stdout, stderr, code] = await Promise.all([
    options.onStdout ? drain(proc.stdout, options.onStdout) : new Response(proc.stdout).bytes(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

/**
 * Runs ffmpeg; throws FfmpegError on a non-zero exit. Prepended as options of the (one) input:
 * `-protocol_whitelist`, and `-threads 1`: the semaphore already runs one process per core, so
 * decoder frame threads would only take CPU (about 8 % more on a 2-minute FLAC) from the other
 * uploads' work. A lone long file finishes a little later (a 10-minute FLAC's MP3 about 10 %).
 */
export async function runFfmpeg(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const result = await spawnTool(
    config().ffmpegPath,
    ["-nostdin", "-y", "-loglevel", "error", "-protocol_whitelist", "file,pipe", "-threads", "1", ...args],
    options,
  );
  if (result.code !== 0) throw new FfmpegError(`ffmpeg exited with ${result.code}`, result.stderr);
  return result;
}

/** Runs ffprobe on one local file with a forced input format and returns its JSON report. */
export async function probe(path: string, inputFormat: string, options: RunOptions = {}): Promise<FfprobeReport> {
  const result = await spawnTool(
    config().ffprobePath,
    [
      "-v",
      "error",
      "-protocol_whitelist",
      "file,pipe",
      "-f",
      inputFormat,
      "-print_format",
      "json",
      "-show_format",
      "-show_streams",
      `file:${path}`,
    ],
    options,
  );
  if (result.code !== 0) throw new FfmpegError(`ffprobe exited with ${result.code}`, result.stderr);
  return JSON.parse(new TextDecoder().decode(result.stdout)) as FfprobeReport;
}

export interface FfprobeReport {
  format?: { format_name?: string; duration?: string; size?: string; tags?: Record<string, string> };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    sample_rate?: string;
    sample_fmt?: string;
    channels?: number;
    duration?: string;
    duration_ts?: number;
    tags?: Record<string, string>;
  }>;
}
