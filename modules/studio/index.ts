import { Elysia } from "elysia";
import { config } from "../../src/server/config";
import { streamedBody } from "../../src/server/http/body-limit";
import { receiveMultipart } from "../../src/server/http/multipart";
import { withStagingFolder } from "../../src/server/infra/staging";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { findStudioTrack, forkOnly, ORIGINAL_AUDIO_STAYS, ORIGINAL_STEM_AUDIO_STAYS } from "./common";
import { AUDIO_LIMITS, AudioForm, StemForm, StudioReply, stemLimits } from "./model";
import { removeStem } from "./regenerate";
import { replaceAudio } from "./replace";
import { addStem, editStem } from "./stems";
import { fileOrUpload, sendsFile } from "./uploaded-file";

const multipart = (schema: typeof StemForm | typeof AudioForm) => ({
  requestBody: { content: { "multipart/form-data": { schema } } },
});

/**
 * SPEC §7 studio: stems added, edited and removed by the track's owner, and (forks only) the audio of the full
 * track or a stem replaced (common.ts). Files stream to staging like an upload's (parse: "none"; listed in
 * api.ts's bodyLimit) and go through the upload's checks.
 */
export const studioModule = new Elysia({ name: "module.studio", detail: { tags: ["Fork studio"] } })
  .use(authGuard)
  .post(
    "/track/:id/stem",
    ({ params, user, request, set }) =>
      withStagingFolder(async (folder) => {
        await findStudioTrack(params.id, user); // access before the body is read
        const { fields, files } = await receiveMultipart(request, folder, stemLimits());
        const file = await fileOrUpload(user, fields.data, files.stemFile?.[0], folder, config().maxUploadBytes);
        set.status = 201;
        return addStem(params.id, user, fields.data, file, folder);
      }),
    {
      auth: true,
      ...streamedBody,
      response: { 201: StudioReply, ...refusals(403) },
      detail: {
        summary: "Add a stem to your track (multipart: data {name, type}, stemFile; or data.uploadId, a finished upload)",
        ...multipart(StemForm),
      },
    },
  )
  .patch(
    "/track/:id/stem/:stemId",
    ({ params, user, request }) =>
      withStagingFolder(async (folder) => {
        const track = await findStudioTrack(params.id, user); // access before the body is read
        const { fields, files } = await receiveMultipart(request, folder, stemLimits());
        // Before a named upload is taken, so a refusal leaves it unused.
        if (sendsFile(fields.data, files.stemFile?.[0])) forkOnly(track, ORIGINAL_STEM_AUDIO_STAYS);
        const file = await fileOrUpload(user, fields.data, files.stemFile?.[0], folder, config().maxUploadBytes);
        return editStem(params.id, params.stemId, user, fields.data, file, folder);
      }),
    {
      auth: true,
      ...streamedBody,
      response: { 200: StudioReply, ...refusals(403) },
      detail: {
        summary: "Edit a stem of your track: name, type; on a fork optionally a new stemFile (or data.uploadId)",
        ...multipart(StemForm),
      },
    },
  )
  .delete("/track/:id/stem/:stemId", ({ params, user }) => removeStem(params.id, params.stemId, user), {
    auth: true,
    response: { 200: StudioReply, ...refusals(403) },
    detail: { summary: "Remove a stem of your track; a fork's full track is regenerated from the others" },
  })
  .patch(
    "/track/:id/audio",
    ({ params, user, request }) =>
      withStagingFolder(async (folder) => {
        forkOnly(await findStudioTrack(params.id, user), ORIGINAL_AUDIO_STAYS); // before the body is read
        const { fields, files } = await receiveMultipart(request, folder, AUDIO_LIMITS);
        const file = await fileOrUpload(user, fields.data, files.original?.[0], folder, AUDIO_LIMITS.maxBytes);
        return replaceAudio(params.id, user, file, folder);
      }),
    {
      auth: true,
      ...streamedBody,
      response: { 200: StudioReply, ...refusals(403) },
      detail: {
        summary: "Replace your fork's full track (multipart: original, .wav or .flac, at most 50 MB; or data.uploadId)",
        ...multipart(AudioForm),
      },
    },
  );
