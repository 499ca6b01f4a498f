import { config } from "../../src/server/config";
import { HttpError, notFound } from "../../src/server/errors";
import { EMBED_DEFAULT_WIDTH, EMBED_HEIGHT, embedCode, embedPath, isEmbeddable, startSecondsOf } from "../../src/shared/embed";
import { artistPath } from "../../src/shared/public-addresses";
import { getTrack } from "../tracks/service";
import type { OEmbed } from "./model";
import { previewImagePath } from "./preview-path";

/** How long a consumer may keep an answer (oembed.com `cache_age`, seconds): titles and covers change rarely. */
const CACHE_AGE_SECONDS = 3600;
/** Covers are square; the page size is this many pixels a side (modules/media `?size=page`). */
const COVER_SIDE = 640;
/** The generated preview image (preview-image.ts) is this size, the shape link previews expect. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

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
  if (url.origin !== new URL(config.publicUrl).origin && url.origin !== requestOrigin) return null;
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
  const absolute = (path: string) => new URL(path, config.publicUrl).href;
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
