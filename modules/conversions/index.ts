import { Elysia, t } from "elysia";
import { badRequest } from "../../src/server/errors";
import { authGuard } from "../auth";
import type { Viewer } from "../auth/service";
import { beforePurge } from "../track-files/service";
import { downloadStates, findViewableTrack, requireStemOf } from "../tracks/service";
import { ConvertBody, ConvertReply, Format, StatusReply } from "./model";
import { type ConversionSubject, conversionStatuses, conversionStatusReply, deleteTrackConversions } from "./service";
import { resumeInProgressConversions, startConversion } from "./start";

// Tracks cannot import conversions (conversions builds on tracks): the track JSON's WAV/FLAC state
// and the purge of a deleted track's derivatives are handed to it here.
downloadStates.provide(conversionStatuses);
beforePurge.provide(deleteTrackConversions);

/** The track (and stem) behind a conversion route, through the one access check. */
async function subjectFor(trackId: string, stemId: string | null, viewer: Viewer | null): Promise<ConversionSubject> {
  const track = await findViewableTrack(trackId, viewer);
  return { track, stem: stemId ? await requireStemOf(track.id, stemId) : null };
}

/**
 * SPEC §7 WAV/FLAC on demand. Starting one runs ffmpeg, and SPEC §1 gives downloads to signed-in users,
 * so a start needs a user (401 otherwise) who may see the track; its status stays readable by whoever
 * may see the track. Each track, stem and format is encoded at most once until it expires
 * (CONVERSION_TTL_SECONDS).
 */
export const conversionsModule = new Elysia({ name: "module.conversions", detail: { tags: ["Conversions"] } })
  .use(authGuard)
  .onStart(() => resumeInProgressConversions())
  .post(
    "/track/:id/convert-audio",
    async ({ params, body, user }) => {
      if (body.type === "stem" && !body.stemId) throw badRequest("stemId is required for a stem conversion");
      return startConversion(await subjectFor(params.id, body.type === "stem" ? (body.stemId ?? null) : null, user), body.format);
    },
    {
      detail: { summary: "Start a WAV or FLAC conversion of a track or a stem" },
      auth: true,
      body: ConvertBody,
      response: ConvertReply,
    },
  )
  .get(
    "/track/:id/audio-conversion-status",
    async ({ params, query, viewer }) => conversionStatusReply(await subjectFor(params.id, null, viewer), query.format),
    {
      detail: { summary: "Where a track's WAV or FLAC conversion stands" },
      query: t.Object({ format: Format }),
      response: StatusReply,
    },
  )
  .get(
    "/track/:id/stem/:stemId/audio-conversion-status",
    async ({ params, query, viewer }) => conversionStatusReply(await subjectFor(params.id, params.stemId, viewer), query.format),
    {
      detail: { summary: "Where a stem's WAV or FLAC conversion stands" },
      query: t.Object({ format: Format }),
      response: StatusReply,
    },
  );
