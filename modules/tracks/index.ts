import { Elysia, t } from "elysia";
import { config } from "../../src/server/config";
import { receiveMultipart } from "../../src/server/multipart";
import { withStagingFolder } from "../../src/server/staging";
import { MAX_STEMS, TOO_MANY_STEMS } from "../../src/shared/upload-rules";
import { authGuard } from "../auth/guard";
import { trackEditModule } from "./edit";
import { trackListsModule } from "./lists";
import { resumePendingProcessing } from "./processing";
import { purgeSweep } from "./purge";
import * as tracks from "./service";
import { uploadTrack } from "./upload";
import { backfillWaveformPreviews } from "./waveform-preview";

/** The parts of POST /track; sizes are bounded by MAX_UPLOAD_MB as a whole. */
const UPLOAD_LIMITS = {
  files: {
    original: { max: 1, tooMany: "Send one original audio file" },
    coverArt: { max: 1, tooMany: "Send one cover art image" },
    stems: { max: MAX_STEMS, tooMany: TOO_MANY_STEMS },
  },
  maxBytes: config.maxUploadBytes,
  maxFieldBytes: 1024 * 1024,
  // Some clients send the JSON as a Blob part with its own content type.
  textParts: ["data"],
};

/** For the OpenAPI document only: the route reads its body itself. */
const UPLOAD_FORM = t.Object({
  data: t.String({ description: "JSON: title, primaryArtistName, licenseId, … and stemMetadata[] of {name, type}" }),
  original: t.File(),
  coverArt: t.Optional(t.File()),
  stems: t.Optional(t.Files()),
});

const SharedWith = t.Array(t.Object({ userId: t.String(), user: t.Object({ email: t.String() }) }));
const UserIds = t.Object({ userIds: t.Array(t.String(), { maxItems: 100, error: "userIds must be a list of user ids" }) });

/** SPEC §7 Tracks: upload, read, edit, visibility, sharing and the lists. Media routes live in modules/media. */
export const tracksModule = new Elysia({ name: "module.tracks", detail: { tags: ["Tracks"] } })
  .use(authGuard)
  .onStart(() => resumePendingProcessing())
  .onStart(backfillWaveformPreviews)
  .onStart(purgeSweep.start)
  .onStop(purgeSweep.stop)
  .use(trackEditModule)
  .use(trackListsModule)
  .post(
    "/track",
    ({ user, request, set }) =>
      withStagingFolder(async (folder) => {
        const { fields, files } = await receiveMultipart(request, folder, UPLOAD_LIMITS);
        const [original, coverArt] = [files.original?.[0], files.coverArt?.[0]];
        const { track, notification } = await uploadTrack(user, { data: fields.data, original, coverArt, stems: files.stems });
        set.status = 201;
        return { id: track.id, track: tracks.getTrack(track.id, user), ...(notification ? { notification } : {}) };
      }),
    {
      auth: true,
      // The body streams to disk (receiveMultipart) instead of being parsed into memory.
      parse: "none",
      detail: {
        summary: "Upload a track (multipart: data JSON, original, optional coverArt and stems)",
        requestBody: { content: { "multipart/form-data": { schema: UPLOAD_FORM } } },
      },
    },
  )
  .get("/track/:id", ({ params, viewer }) => tracks.getTrack(params.id, viewer), {
    detail: { summary: "A track as SPEC §3 describes it; private tracks answer 404 to others" },
  })
  .patch("/track/:id/visibility", ({ params, user, body }) => tracks.setVisibility(params.id, user, body.isPublic), {
    auth: true,
    body: t.Object({ isPublic: t.Boolean() }),
  })
  .post("/track/:id/share", ({ params, user, body }) => ({ sharedWith: tracks.share(params.id, user, body.userIds) }), {
    auth: true,
    body: UserIds,
    response: t.Object({ sharedWith: SharedWith }),
  })
  .delete("/track/:id/share", ({ params, user, body }) => ({ sharedWith: tracks.unshare(params.id, user, body.userIds) }), {
    auth: true,
    body: UserIds,
    response: t.Object({ sharedWith: SharedWith }),
  });
