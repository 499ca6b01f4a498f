import { basename } from "node:path";
import { isProcessing, type TrackDetails } from "../../../islands/track/types";
import { call } from "../../support/api";
import type { TestServer } from "../../support/server";

export const CORPUS = "/work/shared/corpus";
export const STEMS_DIR = `${CORPUS}/stems`;
export const STEM_FILES = ["bass", "drums", "synth", "vocals"].map((name) => ({
  path: `${STEMS_DIR}/Nova Drift - Undertow - ${name}.wav`,
  name: name[0]?.toUpperCase() + name.slice(1),
  type: name,
}));
export const FULL_MIX = `${STEMS_DIR}/Nova Drift - Undertow (full mix).wav`;

export interface UploadOptions {
  original: string;
  cover?: string;
  stems?: { path: string; name: string; type: string }[];
  data?: Record<string, unknown>;
}

/** Uploads through the real API (POST /api/track, SPEC §7) and returns the new track id. */
export async function uploadTrack(server: TestServer, token: string, options: UploadOptions): Promise<string> {
  const licenses = await call<{ id: string }[]>(server, "GET", "/licenses");
  const form = new FormData();
  const format = options.original.split(".").pop()?.toLowerCase();
  form.set(
    "data",
    JSON.stringify({
      title: "Undertow",
      primaryArtistName: "Nova Drift",
      originalFormat: format,
      genreNames: ["ambient", "synthwave"],
      description: "A test track",
      isExplicit: false,
      isPublic: true,
      licenseId: licenses.body[0]?.id,
      releaseDatePrecision: "DAY",
      stemMetadata: (options.stems ?? []).map(({ name, type }) => ({ name, type })),
      ...options.data,
    }),
  );
  form.set("original", Bun.file(options.original), basename(options.original));
  if (options.cover) form.set("coverArt", Bun.file(options.cover), basename(options.cover));
  for (const stem of options.stems ?? []) form.append("stems", Bun.file(stem.path), basename(stem.path));
  const res = await call<{ track?: { id: string }; id?: string; message?: string }>(server, "POST", "/track", {
    token,
    body: form,
  });
  const id = res.body.track?.id ?? res.body.id;
  if (res.status >= 300 || !id) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** Waits until the track's audio, cover and stems have been processed. */
export async function waitForProcessing(
  server: TestServer,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<TrackDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call<TrackDetails>(server, "GET", `/track/${id}`, { token });
    const track = res.body;
    const done =
      res.status === 200 &&
      !isProcessing(track.originalUrl) &&
      !isProcessing(track.coverArt) &&
      !!track.waveformData?.length &&
      !!track.fullTrackMp3Url &&
      track.stems.every((stem) => stem.waveformData?.length && stem.mp3Url);
    if (done) return track;
    if (Date.now() > deadline) throw new Error(`track ${id} still processing: ${JSON.stringify(res.body).slice(0, 300)}`);
    await Bun.sleep(200);
  }
}

/** A browser page, signed in as `token` when given (the token sits where the auth store keeps it). */
export async function openTrackPage(
  browser: import("playwright-core").Browser,
  server: TestServer,
  id: string,
  options: { token?: string; javaScriptEnabled?: boolean } = {},
): Promise<import("playwright-core").Page> {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (options.token) {
    const { AUTH_TOKEN_KEY } = await import("../../../islands/lib/storage-keys");
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [AUTH_TOKEN_KEY, options.token],
    );
  }
  const page = await context.newPage();
  await page.goto(`${server.url}/track/${id}`);
  return page;
}
