import { basename } from "node:path";
import type { TrackDetails } from "../../modules/tracks/model";
import type { UploadReply as CreatedReply } from "../../modules/uploads/model";
import { call } from "./api";
import { corpusPath } from "./corpus";
import type { ApiServer } from "./server";

// Real uploads through POST /api/track (SPEC §7) for API, browser and bench tests.
export { CORPUS, corpusPath } from "./corpus";

export interface UploadOptions {
  /** A corpus-relative or absolute path, or [path, name to upload it as]. */
  original?: string | [string, string];
  coverArt?: string;
  stems?: Array<{ path: string; name: string; type: string }>;
  /** `data` fields over the defaults: a title, an artist and the first licence. */
  data?: Record<string, unknown>;
}

const firstLicenseIds = new Map<string, string>();

export async function firstLicenseId(server: ApiServer): Promise<string> {
  let id = firstLicenseIds.get(server.url);
  if (!id) {
    id = (await call<Array<{ id: string }>>(server, "GET", "/licenses")).body[0]?.id as string;
    firstLicenseIds.set(server.url, id);
  }
  return id;
}

/** The multipart body: `data` JSON, `original`, optional `coverArt`, repeated `stems`. */
export async function uploadForm(server: ApiServer, options: UploadOptions): Promise<FormData> {
  const form = new FormData();
  const [path, name] =
    typeof options.original === "string" ? [options.original, basename(options.original)] : (options.original ?? []);
  const data = {
    title: "Test Track",
    primaryArtistName: "Test Artist",
    licenseId: await firstLicenseId(server),
    stemMetadata: (options.stems ?? []).map(({ name, type }) => ({ name, type })),
    ...options.data,
  };
  form.set("data", JSON.stringify(data));
  if (path && name) form.set("original", Bun.file(corpusPath(path)), name);
  if (options.coverArt) form.set("coverArt", Bun.file(corpusPath(options.coverArt)), basename(options.coverArt));
  for (const stem of options.stems ?? []) form.append("stems", Bun.file(corpusPath(stem.path)), basename(stem.path));
  return form;
}

/** POST /api/track's reply: the route's schema on 201, `{ message }` on a refusal. */
export type UploadReply = CreatedReply & { message?: string };

/** POST /api/track as `session`; the reply as it came, refusals included. */
export async function upload(server: ApiServer, session: { token: string }, options: UploadOptions) {
  return call<UploadReply>(server, "POST", "/track", { token: session.token, body: await uploadForm(server, options) });
}

/** Uploads and returns the new track's id at once, while processing runs; a refusal throws. */
export async function createTrack(server: ApiServer, token: string, options: UploadOptions): Promise<string> {
  const res = await upload(server, { token }, options);
  if (res.status !== 201 || !res.body.id) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A valid 0.25 s WAV from the test media: the smallest real upload. */
export const TINY_WAV = "bad/CON.wav";

/** Uploads a tiny real WAV (no waiting for processing) and returns the new id. */
export function uploadTiny(
  server: ApiServer,
  session: { token: string },
  data: { title?: string; primaryArtistName?: string; isPublic?: boolean } = {},
): Promise<string> {
  return createTrack(server, session.token, {
    original: TINY_WAV,
    data: { title: "Tiny", primaryArtistName: "Tester", ...data },
  });
}

async function pollTrack<T>(
  server: ApiServer,
  token: string | undefined,
  id: string,
  done: (track: TrackDetails) => boolean,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call<TrackDetails>(server, "GET", `/track/${id}`, { token });
    if (res.status !== 200) throw new Error(`GET track ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    if (done(res.body)) return res.body as unknown as T;
    if (Date.now() > deadline) throw new Error(`track ${id} still processing: ${JSON.stringify(res.body).slice(0, 300)}`);
    await Bun.sleep(intervalMs);
  }
}

/**
 * Polls GET /api/track/{id} until processing has finished, either way (READY or FAILED); every 100 ms,
 * or every `intervalMs` (the browser's 3 s of SPEC §9 when a load test plays the user).
 */
export function waitProcessed(
  server: ApiServer,
  session: { token: string } | null,
  id: string,
  timeoutMs = 60_000,
  intervalMs = 100,
) {
  return pollTrack<TrackDetails>(
    server,
    session?.token,
    id,
    (track) => track.processingStatus !== "PENDING",
    timeoutMs,
    intervalMs,
  );
}

const pending = (url: string | null) => url?.startsWith("{address}") ?? false;

/**
 * Polls until the audio, cover and stems are all processed: waveforms and MP3s exist, nothing is `{address}`-pending,
 * and the job has finished (the track leaves PENDING only after the job has stored all of them: on a cluster's worker
 * the MP3s can be listed a moment before, and a fork of the track then is still refused).
 */
export function waitForProcessing<T = TrackDetails>(
  server: ApiServer,
  token: string | undefined,
  id: string,
  timeoutMs = 60_000,
) {
  return pollTrack<T>(
    server,
    token,
    id,
    (track) =>
      track.processingStatus !== "PENDING" &&
      !pending(track.originalUrl) &&
      !pending(track.coverArt) &&
      !!track.waveformData?.length &&
      !!track.fullTrackMp3Url &&
      track.stems.every((stem) => stem.waveformData?.length && stem.mp3Url),
    timeoutMs,
  );
}
