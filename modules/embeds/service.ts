import { join } from "node:path";
import { config } from "../../src/server/config";
import { HttpError, notFound } from "../../src/server/errors";
import { renderPng } from "../../src/server/images";
import { enqueue } from "../../src/server/infra/queue";
import { withStagingFolder } from "../../src/server/infra/staging";
import { fileStore } from "../../src/server/store";
import {
  EMBED_DEFAULT_WIDTH,
  EMBED_HEIGHT,
  embedCode,
  embedPath,
  isEmbeddable,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  previewImagePath,
} from "../../src/shared/embed";
import { artistPath } from "../../src/shared/public-addresses";
import { startSecondsOf } from "../../src/shared/start-time";
import { getTrack, publicPageState, trackKeys } from "../tracks/service";
import type { OEmbed } from "./model";
import { previewSvg } from "./preview-image";

/** How long a consumer may keep an answer (oembed.com `cache_age`, seconds): titles and covers change rarely. */
const CACHE_AGE_SECONDS = 3600;
/** Covers are square; the page size is this many pixels a side (modules/media `?size=page`). */
const COVER_SIDE = 640;

const NO_TRACK = "No public track at this address";
const TRACK_ADDRESS = /^\/(?:embed\/)?track\/([^/]+)$/;

/**
 * The id of the track a Stemma address names (`/track/{id}` or `/embed/track/{id}`), else null: on PUBLIC_URL, or
 * on the origin the request itself was sent to (a consumer asks the host whose page it read).
 */
function trackIdOf(address: string, requestOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.origin !== new URL(config().publicUrl).origin && url.origin !== requestOrigin) return null;
  const id = TRACK_ADDRESS.exec(url.pathname)?.[1];
  return id ? decodeURIComponent(id) : null;
}

/** A public, playable track by id, or the same 404 whatever else it is (private, pending, deleted, unknown). */
async function embeddableTrack(id: string) {
  const track = await getTrack(id, null).catch((error) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  if (!track || !isEmbeddable(track)) throw notFound(NO_TRACK);
  return track;
}

/** A `max…` query value as pixels, or the default when none is asked for (never more than asked). */
const within = (max: string | undefined, preferred: number) => (max === undefined ? preferred : Math.min(Number(max), preferred));

/**
 * GET /api/oembed (oembed.com): the iframe player of the track page or embed `url` names, sized within `maxwidth`
 * and `maxheight`. Only JSON is offered (501 for XML, as §2.2 says); a track no visitor may play is a 404.
 */
export async function oembedOf(
  query: { url: string; format?: string; maxwidth?: string; maxheight?: string },
  requestOrigin: string,
): Promise<OEmbed> {
  if (query.format !== undefined && query.format !== "json") throw new HttpError(501, "Only the json format is offered");
  const id = trackIdOf(query.url, requestOrigin);
  if (!id) throw notFound(NO_TRACK);
  const track = await embeddableTrack(id);
  const absolute = (path: string) => new URL(path, config().publicUrl).href;
  const start = startSecondsOf(new URL(query.url).searchParams.get("t"));
  const width = within(query.maxwidth, EMBED_DEFAULT_WIDTH);
  const height = within(query.maxheight, EMBED_HEIGHT);
  const title = `${track.title} by ${track.primaryArtistName}`;
  const thumbnail = track.coverArt
    ? { thumbnail_url: absolute(`${track.coverArt}?size=page`), thumbnail_width: COVER_SIDE, thumbnail_height: COVER_SIDE }
    : { thumbnail_url: absolute(previewImagePath(track.id)), thumbnail_width: PREVIEW_WIDTH, thumbnail_height: PREVIEW_HEIGHT };
  return {
    version: "1.0",
    type: "video",
    title: track.title,
    author_name: track.primaryArtistName,
    author_url: absolute(track.user?.username ? artistPath(track.user.username) : `/track/${track.id}`),
    provider_name: "Stemma",
    provider_url: absolute("/"),
    cache_age: CACHE_AGE_SECONDS,
    html: embedCode(absolute(embedPath(track.id, { t: start })), width, height, title),
    width,
    height,
    ...thumbnail,
  };
}

/**
 * Job `embeds.preview-image`: draws the link-preview image of a public track at its current page version, unless
 * made already, replacing the images of its older versions. Idempotent: a second run finds the image there.
 */
export async function makePreviewImage(trackId: string, signal?: AbortSignal): Promise<void> {
  const state = await publicPageState(trackId);
  if (!state) return;
  const key = trackKeys.preview(trackId, state.version);
  if (await fileStore().stat(key)) return;
  const track = await getTrack(trackId, null);
  await withStagingFolder(async (folder) => {
    const svg = join(folder, "preview.svg");
    const png = join(folder, "preview.png");
    await Bun.write(svg, previewSvg(track));
    await renderPng(svg, png, signal);
    await fileStore().deletePrefix(trackKeys.previews(trackId));
    await fileStore().putFile(key, png);
  });
}

/** How long a request for a preview image not made yet waits for the job, and how often it looks. */
const PREVIEW_WAIT_MS = 30_000;
const PREVIEW_POLL_MS = 100;

/**
 * GET /api/track/{id}/preview.png: a public track's link-preview image, made by the job on first request of each
 * page version and waited for; anything a visitor may not see is a 404.
 */
export async function previewImage(trackId: string): Promise<Uint8Array<ArrayBuffer>> {
  const state = await publicPageState(trackId);
  if (!state) throw notFound(NO_TRACK);
  const key = trackKeys.preview(trackId, state.version);
  // A few dozen kilobytes: read whole, from disk or a bucket alike.
  const read = async () => {
    const file = await fileStore().get(key);
    return file && new Uint8Array(await file.arrayBuffer());
  };
  const made = await read();
  if (made) return made;
  await enqueue("embeds.preview-image", { trackId }, `preview-${trackId}-${state.version}`);
  for (const deadline = Date.now() + PREVIEW_WAIT_MS; Date.now() < deadline; ) {
    await Bun.sleep(PREVIEW_POLL_MS);
    const file = await read();
    if (file) return file;
  }
  throw new HttpError(503, "The preview image is being made: please try again in a moment");
}
