import { basename, join } from "node:path";
import { call, type Session } from "../../tests/support/api";
import type { TestServer } from "../../tests/support/server";

/** Helpers for the upload and processing tests: real multipart uploads of corpus files. */
export const CORPUS = "/work/shared/corpus";

export interface UploadOptions {
  data?: Record<string, unknown>;
  /** A corpus path, or [corpus path, name to upload it as]. */
  original?: string | [string, string];
  coverArt?: string;
  stems?: Array<{ path: string; name: string; type: string }>;
}

let licenseId: string | undefined;

export async function firstLicenseId(server: TestServer): Promise<string> {
  licenseId ??= (await call<Array<{ id: string }>>(server, "GET", "/licenses")).body[0]?.id;
  return licenseId as string;
}

export async function uploadForm(server: TestServer, options: UploadOptions): Promise<FormData> {
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
  if (path && name) form.set("original", Bun.file(join(CORPUS, path)), name);
  if (options.coverArt) form.set("coverArt", Bun.file(join(CORPUS, options.coverArt)), basename(options.coverArt));
  for (const stem of options.stems ?? []) form.append("stems", Bun.file(join(CORPUS, stem.path)), basename(stem.path));
  return form;
}

export interface UploadReply {
  id: string;
  track: Record<string, unknown> & { id: string };
  notification?: { title: string; message: string; type: string };
  message?: string;
}

export async function upload(server: TestServer, session: Session, options: UploadOptions) {
  return call<UploadReply>(server, "POST", "/track", { token: session.token, body: await uploadForm(server, options) });
}

export type TrackJson = Record<string, unknown> & {
  id: string;
  processingStatus: string;
  processingError: string | null;
  originalUrl: string;
  coverArt: string | null;
  fullTrackMp3Url: string | null;
  waveformData: number[] | null;
  duration: number | null;
  stems: Array<Record<string, unknown> & { waveformData: number[] | null; mp3Url: string | null; duration: number }>;
};

/** Polls GET /api/track/{id} until processing has finished (READY or FAILED). */
export async function waitProcessed(
  server: TestServer,
  session: Session | null,
  id: string,
  timeoutMs = 60_000,
): Promise<TrackJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call<TrackJson>(server, "GET", `/track/${id}`, { token: session?.token });
    if (res.status !== 200) throw new Error(`GET track ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.processingStatus !== "PENDING") return res.body;
    if (Date.now() > deadline) throw new Error(`track ${id} still processing`);
    await Bun.sleep(100);
  }
}
