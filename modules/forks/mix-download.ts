import { rm } from "node:fs/promises";
import { tooManyRequests } from "../../src/server/errors";
import { createRateLimiter } from "../../src/server/http/rate-limit";
import { stagingFolder } from "../../src/server/infra/staging";
import { log } from "../../src/server/logger";
import { UNITY_MIX } from "../../src/shared/stem-mix";
import type { Viewer } from "../auth/service";
import { attachmentDisposition } from "../media/service";
import { renderMix } from "../studio/service";
import * as tracks from "../tracks/service";
import { stemMixes } from "./fork-mix";
import type { MixDownloadBody } from "./model";

/** Mixes one user may download per hour: each is a render of every stem, the heaviest thing a click can ask for. */
export const MIX_DOWNLOADS_PER_HOUR = 30;
const HOUR_MS = 3600_000;
const downloadsPerHour = createRateLimiter("mix-downloads", MIX_DOWNLOADS_PER_HOUR, HOUR_MS);
export const TOO_MANY_MIXES = `You can download ${MIX_DOWNLOADS_PER_HOUR} mixes an hour. Please try again later.`;
export const MIX_BEING_MADE = "Your last mix is still being made. Please wait for it before asking for another.";

/** Users with a mix rendering on this instance: one at a time each, so repeated clicks cannot fill ffmpeg's slots. */
const rendering = new Set<string>();

const CONTENT_TYPES = { mp3: "audio/mpeg", wav: "audio/wav" } as const;

/**
 * The file at `path` as a response body read as the client takes it; `sent` once all of it has gone, and `done`
 * (the staging folder's removal) after that or when the client goes away first.
 */
function sentOnce(path: string, sent: () => void, done: () => Promise<void>): ReadableStream<Uint8Array> {
  const reader = Bun.file(path).stream().getReader();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (!end) return controller.enqueue(value);
        controller.close();
        sent();
      } catch (error) {
        controller.error(error);
      }
      await done();
    },
    async cancel() {
      await reader.cancel();
      await done();
    },
  });
}

/**
 * POST /api/track/{id}/mix, "Download this mix": the track's stems rendered as the mixer plays them, by the same
 * render as "Fork with this mix" (studio's `renderMix`), answered as a file named "<title> - mix.<format>". Anyone
 * signed in who may see the track (the owner too); a bad mix is the fork's 400. One render at a time per user and
 * MIX_DOWNLOADS_PER_HOUR (429 past either); the render stops when the client goes. A mix sent whole counts one
 * download of the track, as a stems zip does.
 */
export async function sendMixDownload(id: string, viewer: Viewer, body: MixDownloadBody, signal: AbortSignal) {
  const track = await tracks.findViewableTrack(id, viewer);
  const stems = await tracks.listStemsOf(track.id);
  const settings = stemMixes(stems, body.mix);
  // Checked and taken with no wait in between, so two clicks at once cannot both pass.
  if (rendering.has(viewer.id)) throw tooManyRequests(MIX_BEING_MADE);
  rendering.add(viewer.id);
  const folder = stagingFolder();
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  let path: string;
  try {
    if (await downloadsPerHour.blocked(viewer.id)) throw tooManyRequests(TOO_MANY_MIXES);
    await downloadsPerHour.hit(viewer.id);
    path = await renderMix(stems, (stem) => settings.get(stem.id) ?? UNITY_MIX, folder, body.format, signal);
  } catch (error) {
    await removeFolder();
    throw error;
  } finally {
    rendering.delete(viewer.id);
  }
  const counted = () =>
    tracks
      .incrementDownloads(track.id)
      .catch((error) => log.warn("a mix's download was not counted", { trackId: track.id, error: String(error) }));
  return new Response(sentOnce(path, counted, removeFolder), {
    headers: {
      "content-type": CONTENT_TYPES[body.format],
      "content-disposition": attachmentDisposition(`${track.title} - mix`, body.format),
      "cache-control": "private, no-store",
    },
  });
}
