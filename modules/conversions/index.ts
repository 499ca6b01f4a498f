import { Elysia, t } from "elysia";
import { badRequest } from "../../src/server/errors";
import { oneOf } from "../../src/server/one-of";
import { CONVERSION_FORMATS, CONVERSION_STATUSES } from "../../src/shared/conversion-status";
import { authGuard } from "../auth";
import type { Viewer } from "../auth/service";
import { beforePurge, downloadStates, findViewableTrack, requireStemOf } from "../tracks/service";
import { expirySweep } from "./expiry";
import { type ConversionSubject, conversionStatuses, conversionStatusReply, deleteTrackConversions } from "./service";
import { resumeInProgressConversions, startConversion } from "./start";

const Format = oneOf(CONVERSION_FORMATS, "format must be wav or flac");
const StatusReply = t.Object({
  status: t.UnionEnum(["success", "in_progress"]),
  data: t.Object({
    conversionStatus: t.UnionEnum(CONVERSION_STATUSES),
    availableForSeconds: t.Integer({ description: "How long a finished WAV/FLAC is kept (CONVERSION_TTL_SECONDS)" }),
  }),
});

// Tracks cannot import conversions (conversions builds on tracks): the track JSON's WAV/FLAC state
// and the purge of a deleted track's derivatives are handed to it here.
downloadStates.provide(conversionStatuses);
beforePurge.provide(deleteTrackConversions);

/** The track (and stem) behind a conversion route, through the one access check. */
function subjectFor(trackId: string, stemId: string | null, viewer: Viewer | null): ConversionSubject {
  const track = findViewableTrack(trackId, viewer);
  return { track, stem: stemId ? requireStemOf(track.id, stemId) : null };
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
  .onStart(expirySweep.start)
  .onStop(expirySweep.stop)
  .post(
    "/track/:id/convert-audio",
    ({ params, body, user }) => {
      if (body.type === "stem" && !body.stemId) throw badRequest("stemId is required for a stem conversion");
      return startConversion(subjectFor(params.id, body.type === "stem" ? (body.stemId ?? null) : null, user), body.format);
    },
    {
      auth: true,
      body: t.Object({
        type: oneOf(["full", "stem"], "type must be full or stem"),
        stemId: t.Optional(t.Nullable(t.String())),
        format: Format,
      }),
      response: t.Object({ status: t.UnionEnum(["success", "in_progress"]) }),
    },
  )
  .get(
    "/track/:id/audio-conversion-status",
    ({ params, query, viewer }) => conversionStatusReply(subjectFor(params.id, null, viewer), query.format),
    { query: t.Object({ format: Format }), response: StatusReply },
  )
  .get(
    "/track/:id/stem/:stemId/audio-conversion-status",
    ({ params, query, viewer }) => conversionStatusReply(subjectFor(params.id, params.stemId, viewer), query.format),
    { query: t.Object({ format: Format }), response: StatusReply },
  );
