import { Elysia, t } from "elysia";
import { config } from "../../src/server/config";
import { notFound, unauthorized } from "../../src/server/errors";
import { mediaTokenHolder } from "../../src/server/http/media-token";
import { oneOf } from "../../src/server/http/one-of";
import { refusals } from "../../src/server/openapi/refusals";
import { sessionOrMediaToken } from "../../src/server/openapi/security";
import { authGuard } from "../auth";
import type { Viewer } from "../auth/service";
import { COVER_SIZE_NAMES, requireStemOf } from "../tracks/service";
import { AUDIO_TYPES, downloadResponses, mediaResponses } from "./model";
import { findMediaTrack, presignMediaUrl } from "./presign";
import { coverFile, type DownloadFormat, fullTrackFile, originalFile, sendMedia, stemFile } from "./service";
import { sendStemsZip } from "./stems-zip";

/** `?attachment` (any value but false/0) asks for a download with a file name. */
const MediaQuery = t.Object({ attachment: t.Optional(t.String()), token: t.Optional(t.String()) });
const wantsAttachment = (value: string | undefined) => value !== undefined && value !== "false" && value !== "0";
// The router needs one parameter name per position, so `{stemId}.{ext}` arrives whole as `stemId`.
const STEM_FILE = /^([A-Za-z0-9-]+)\.(mp3|wav|flac)$/;

type MediaRequest = {
  params: { id: string };
  query: { attachment?: string; token?: string };
  viewer: Viewer | null;
  request: Request;
};

/**
 * The one access decision for media: the track must be visible to the caller (404 otherwise, so
 * nothing leaks), and a download (`?attachment`, which counts in totalDownloads) needs a signed-in
 * user (SPEC §1): the bearer session or a media token presigned for one; a visitor gets 401.
 * Streaming without `?attachment` stays open to visitors for the player.
 */
async function mediaTrack(id: string, viewer: Viewer | null, query: { attachment?: string; token?: string }) {
  const track = await findMediaTrack(id, viewer, query.token);
  const signedIn = viewer !== null || (query.token !== undefined && mediaTokenHolder(query.token, track.id) !== null);
  if (wantsAttachment(query.attachment) && !signedIn) throw unauthorized();
  return track;
}

const fullTrack =
  (format: DownloadFormat) =>
  async ({ params, query, viewer, request }: MediaRequest) => {
    const track = await mediaTrack(params.id, viewer, query);
    return sendMedia(request, track, await fullTrackFile(track, format), wantsAttachment(query.attachment));
  };

/**
 * SPEC §7 media. Every file goes through the one access check of its track (stems and covers too),
 * so private media answers 404 to anyone who may not see the track. The caller is the bearer header's
 * session, or the holder of a media token in `?token=` (for <audio>/<img>, from POST /media/presign);
 * the logger masks both.
 */
export const mediaModule = new Elysia({ name: "module.media", detail: { tags: ["Media"] } })
  .use(authGuard)
  .post(
    "/media/presign",
    async ({ body, viewer, request }) => presignMediaUrl(body.url, viewer, [new URL(request.url).origin, config().publicUrl]),
    {
      body: t.Object({ url: t.String({ maxLength: 2048 }) }),
      response: { 200: t.Object({ url: t.String(), expiresAt: t.Union([t.String(), t.Null()]) }), ...refusals(404) },
      detail: { summary: "A media URL that plays without the session token (SPEC §7 presigned URL)" },
    },
  )
  .get(
    "/track/:id/cover",
    async ({ params, query, viewer, request }) => {
      const track = await findMediaTrack(params.id, viewer, query.token);
      return sendMedia(request, track, await coverFile(track, query.size ?? "page"), false);
    },
    {
      query: t.Object({
        // An explicit default: without one, Elysia fills a missing enum with its first member.
        size: t.Optional(t.UnionEnum(COVER_SIZE_NAMES, { default: "page", error: "size must be thumb, card, page or page2x" })),
        token: t.Optional(t.String()),
      }),
      detail: { summary: "A track's cover image (WebP, in the size asked for)", responses: mediaResponses(["image/webp"]) },
    },
  )
  .get(
    "/track/:id/original",
    async ({ params, query, viewer, request }) => {
      const track = await mediaTrack(params.id, viewer, query);
      return sendMedia(request, track, originalFile(track), wantsAttachment(query.attachment));
    },
    { query: MediaQuery, detail: { summary: "A track's original file, as uploaded", responses: downloadResponses(AUDIO_TYPES) } },
  )
  .get("/track/:id/full.mp3", fullTrack("mp3"), {
    query: MediaQuery,
    detail: { summary: "A track's full mix as MP3, for the player", responses: downloadResponses(["audio/mpeg"]) },
  })
  .get("/track/:id/full.wav", fullTrack("wav"), {
    query: MediaQuery,
    detail: { summary: "A track's full mix as WAV, once converted", responses: downloadResponses(["audio/wav"]) },
  })
  .get("/track/:id/full.flac", fullTrack("flac"), {
    query: MediaQuery,
    detail: { summary: "A track's full mix as FLAC, once converted", responses: downloadResponses(["audio/flac"]) },
  })
  .get(
    "/track/:id/stem/:stemId",
    async ({ params, query, viewer, request }) => {
      const [, stemId, format] = params.stemId.match(STEM_FILE) ?? [];
      if (!stemId || !format) throw notFound("Not found");
      const track = await mediaTrack(params.id, viewer, query);
      const stem = await requireStemOf(track.id, stemId);
      return sendMedia(request, track, await stemFile(track, stem, format as DownloadFormat), wantsAttachment(query.attachment));
    },
    {
      query: MediaQuery,
      detail: {
        summary: "One stem's audio (MP3, or WAV or FLAC once converted)",
        responses: downloadResponses(["audio/mpeg", "audio/wav", "audio/flac"]),
      },
    },
  )
  .get(
    "/track/:id/stems.zip",
    // Always a download: signed-in users (or a media token's holder) who may see the track.
    async ({ params, query, viewer }) =>
      sendStemsZip(await mediaTrack(params.id, viewer, { ...query, attachment: "" }), query.format),
    {
      query: t.Object({
        format: oneOf(["mp3", "wav", "flac"], "format must be mp3, wav or flac"),
        token: t.Optional(t.String()),
      }),
      detail: {
        summary: "Every stem of a track in one zip, in the format asked for",
        security: sessionOrMediaToken,
        responses: {
          200: {
            description: "The zip, streamed",
            content: { "application/zip": { schema: { type: "string", format: "binary" } } },
          },
          401: { description: "Not signed in" },
          404: { description: "No such track for the caller, or a track without stems" },
          409: {
            description: "Some stems' WAV/FLAC files are not converted yet (or their MP3s not made): the message says how many",
          },
        },
      },
    },
  );
