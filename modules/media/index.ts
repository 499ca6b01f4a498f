import { Elysia, t } from "elysia";
import { notFound, unauthorized } from "../../src/server/errors";
import { authGuard } from "../auth";
import type { Viewer } from "../auth/service";
import { COVER_SIZE_NAMES, findViewableTrack, requireStemOf } from "../tracks/service";
import { coverFile, type DownloadFormat, fullTrackFile, originalFile, sendMedia, stemFile } from "./service";

/** `?attachment` (any value but false/0) asks for a download with a file name. */
const MediaQuery = t.Object({ attachment: t.Optional(t.String()), token: t.Optional(t.String()) });
const wantsAttachment = (value: string | undefined) => value !== undefined && value !== "false" && value !== "0";
// The router needs one parameter name per position, so `{stemId}.{ext}` arrives whole as `stemId`.
const STEM_FILE = /^([A-Za-z0-9-]+)\.(mp3|wav|flac)$/;

type MediaRequest = { params: { id: string }; query: { attachment?: string }; viewer: Viewer | null; request: Request };

/**
 * The one access decision for media: the track must be visible to the viewer (404 otherwise, so
 * nothing leaks), and a download (`?attachment`, which counts in totalDownloads) needs a signed-in
 * user (SPEC §1). Streaming without `?attachment` stays open to visitors for the player.
 */
function mediaTrack(id: string, viewer: Viewer | null, attachment: boolean) {
  const track = findViewableTrack(id, viewer);
  if (attachment && !viewer) throw unauthorized();
  return track;
}

const fullTrack =
  (format: DownloadFormat) =>
  ({ params, query, viewer, request }: MediaRequest) => {
    const attachment = wantsAttachment(query.attachment);
    const track = mediaTrack(params.id, viewer, attachment);
    return sendMedia(request, track, fullTrackFile(track, format), attachment);
  };

/**
 * SPEC §7 media. Every file goes through the one access check of its track (stems and covers too),
 * so private media answers 404 to anyone who may not see the track. The token may come as a bearer
 * header or `?token=` (for <audio>/<img>); the logger masks both.
 */
export const mediaModule = new Elysia({ name: "module.media", detail: { tags: ["Media"] } })
  .use(authGuard)
  .get(
    "/track/:id/cover",
    ({ params, query, viewer, request }) => {
      const track = mediaTrack(params.id, viewer, false);
      return sendMedia(request, track, coverFile(track, query.size ?? "page"), false);
    },
    {
      query: t.Object({
        // An explicit default: without one, Elysia fills a missing enum with its first member.
        size: t.Optional(t.UnionEnum(COVER_SIZE_NAMES, { default: "page", error: "size must be card, page or page2x" })),
        token: t.Optional(t.String()),
      }),
    },
  )
  .get(
    "/track/:id/original",
    ({ params, query, viewer, request }) => {
      const attachment = wantsAttachment(query.attachment);
      const track = mediaTrack(params.id, viewer, attachment);
      return sendMedia(request, track, originalFile(track), attachment);
    },
    { query: MediaQuery },
  )
  .get("/track/:id/full.mp3", fullTrack("mp3"), { query: MediaQuery })
  .get("/track/:id/full.wav", fullTrack("wav"), { query: MediaQuery })
  .get("/track/:id/full.flac", fullTrack("flac"), { query: MediaQuery })
  .get(
    "/track/:id/stem/:stemId",
    ({ params, query, viewer, request }) => {
      const [, stemId, format] = params.stemId.match(STEM_FILE) ?? [];
      if (!stemId || !format) throw notFound("Not found");
      const attachment = wantsAttachment(query.attachment);
      const track = mediaTrack(params.id, viewer, attachment);
      const stem = requireStemOf(track.id, stemId);
      return sendMedia(request, track, stemFile(track, stem, format as DownloadFormat), attachment);
    },
    { query: MediaQuery },
  );
