import { join } from "node:path";
import { call, type Session } from "../../tests/support/api";
import type { TestServer } from "../../tests/support/server";

/** Test helpers shared by the media, conversion and play tests: real uploads through POST /api/track. */
export const CORPUS = "/work/shared/corpus";
export const corpusFile = (path: string) => Bun.file(join(CORPUS, path));

export interface UploadInput {
  title?: string;
  original: string;
  originalFormat: string;
  isPublic?: boolean;
  cover?: string;
  stems?: Array<{ path: string; name: string; type: string }>;
}

export interface TrackView {
  id: string;
  originalUrl: string;
  coverArt: string | null;
  fullTrackMp3Url: string | null;
  fullTrackWavUrl: string | null;
  fullTrackFlacUrl: string | null;
  wavConversionStatus: string;
  flacConversionStatus: string;
  totalPlays: number;
  totalDownloads: number;
  duration: number | null;
  stems: Array<{ id: string; name: string; mp3Url: string | null; wavUrl: string | null; flacUrl: string | null }>;
}

let licenseId: string | null = null;

/** Uploads a track as `session` and waits until its audio, stems and cover are processed. */
export async function uploadTrack(server: TestServer, session: Session, input: UploadInput): Promise<TrackView> {
  return waitForTrack(server, session, await startUpload(server, session, input));
}

/** Uploads a track and returns its id at once, while processing runs. */
export async function startUpload(server: TestServer, session: Session, input: UploadInput): Promise<string> {
  licenseId ??= (await call<Array<{ id: string }>>(server, "GET", "/licenses")).body[0]?.id ?? null;
  const form = new FormData();
  form.set(
    "data",
    JSON.stringify({
      title: input.title ?? "Test Track",
      primaryArtistName: "Test Artist",
      originalFormat: input.originalFormat,
      genreNames: [],
      description: "",
      isExplicit: false,
      isPublic: input.isPublic ?? true,
      licenseId,
      releaseDatePrecision: "DAY",
      stemMetadata: (input.stems ?? []).map(({ name, type }) => ({ name, type })),
    }),
  );
  form.set("original", corpusFile(input.original), input.original.split("/").pop());
  if (input.cover) form.set("coverArt", corpusFile(input.cover), input.cover.split("/").pop());
  for (const stem of input.stems ?? []) form.append("stems", corpusFile(stem.path), stem.path.split("/").pop());
  const created = await call<{ track: { id: string } }>(server, "POST", "/track", { token: session.token, body: form });
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`upload failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.track.id;
}

/** Polls GET /track/{id} until nothing is `{address}`-pending and every MP3 exists. */
export async function waitForTrack(server: TestServer, session: Session, id: string): Promise<TrackView> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { body } = await call<TrackView>(server, "GET", `/track/${id}`, { token: session.token });
    const pending =
      body.originalUrl?.startsWith("{address}") ||
      body.coverArt?.startsWith("{address}") ||
      !body.fullTrackMp3Url ||
      body.stems.some((stem) => !stem.mp3Url);
    if (!pending) return body;
    await Bun.sleep(100);
  }
  throw new Error(`track ${id} was not processed in time`);
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
