import type { TrackDetails } from "../../modules/tracks/model";
import type { Session } from "./api";
import type { TestServer } from "./server";
import { CORPUS, corpusPath, createTrack, waitForProcessing } from "./uploads";

/** Test helpers shared by the media, conversion and play tests: real uploads (tests/support/uploads.ts). */
export { CORPUS };
export const corpusFile = (path: string) => Bun.file(corpusPath(path));

export interface TestUpload {
  title?: string;
  original: string;
  originalFormat: string;
  isPublic?: boolean;
  cover?: string;
  stems?: Array<{ path: string; name: string; type: string }>;
}

/** Uploads a track as `session` and waits until its audio, stems and cover are processed. */
export async function uploadTrack(server: TestServer, session: Session, input: TestUpload): Promise<TrackDetails> {
  return waitForProcessing<TrackDetails>(server, session.token, await startUpload(server, session, input));
}

/** Uploads a track and returns its id at once, while processing runs. */
export function startUpload(server: TestServer, session: Session, input: TestUpload): Promise<string> {
  return createTrack(server, session.token, {
    original: input.original,
    coverArt: input.cover,
    stems: input.stems,
    data: { title: input.title ?? "Test Track", originalFormat: input.originalFormat, isPublic: input.isPublic ?? true },
  });
}

/** Every audio sample a file decodes to (per channel), counted by decoding it with ffmpeg. */
export async function decodedSampleCount(path: string, inputFormat?: string): Promise<{ samples: number; codec: string }> {
  const forced = inputFormat ? ["-f", inputFormat] : [];
  const probe = Bun.spawnSync([
    "ffprobe",
    "-v",
    "error",
    "-show_entries",
    "stream=codec_name,channels",
    "-of",
    "json",
    ...forced,
    path,
  ]);
  const stream = JSON.parse(probe.stdout.toString()).streams[0] as { codec_name: string; channels: number };
  const decode = Bun.spawnSync(["ffmpeg", "-v", "error", ...forced, "-i", path, "-f", "s16le", "-acodec", "pcm_s16le", "-"]);
  return { samples: decode.stdout.length / 2 / stream.channels, codec: stream.codec_name };
}
