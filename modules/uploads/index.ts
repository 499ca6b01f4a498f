import { Elysia } from "elysia";
import { config } from "../../src/server/config";
import { streamedBody } from "../../src/server/http/body-limit";
import { receiveMultipart } from "../../src/server/http/multipart";
import { withStagingFolder } from "../../src/server/infra/staging";
import { MAX_STEMS, TOO_MANY_STEMS } from "../../src/shared/upload-rules";
import { authGuard } from "../auth";
import { withNotification } from "../notifications/service";
import { getTrack } from "../tracks/service";
import { resumeLoudnessBackfill } from "./loudness-backfill";
import { UploadForm, UploadReply } from "./model";
import { uploadParts } from "./parts";
import { resumePendingProcessing } from "./processing";
import { uploadTrack } from "./service";

/** The parts of POST /track; sizes are bounded by MAX_UPLOAD_MB as a whole. */
const uploadLimits = () => ({
  files: {
    original: { max: 1, tooMany: "Send one original audio file" },
    coverArt: { max: 1, tooMany: "Send one cover art image" },
    stems: { max: MAX_STEMS, tooMany: TOO_MANY_STEMS },
  },
  maxBytes: config().maxUploadBytes,
  maxFieldBytes: 1024 * 1024,
  // Some clients send the JSON as a Blob part with its own content type.
  textParts: ["data"],
});

/** SPEC §7 POST /track: the upload, checked whole before anything is kept; processing runs as a job. */
export const uploadsModule = new Elysia({ name: "module.uploads", detail: { tags: ["Tracks"] } })
  .use(authGuard)
  .onStart(async () => {
    await resumePendingProcessing();
    await resumeLoudnessBackfill();
  })
  .post(
    "/track",
    ({ user, request, set }) =>
      withStagingFolder(async (folder) => {
        const { fields, files } = await receiveMultipart(request, folder, uploadLimits());
        const parts = await uploadParts(user, fields.data, files, folder);
        const { track, notification } = await uploadTrack(user, parts);
        set.status = 201;
        return { id: track.id, track: await getTrack(track.id, user), ...withNotification(notification) };
      }),
    {
      auth: true,
      // The body streams to disk (receiveMultipart) under MAX_UPLOAD_MB instead of being parsed into memory.
      ...streamedBody,
      response: { 201: UploadReply },
      detail: {
        summary:
          "Upload a track (multipart: data JSON, original, optional coverArt and stems; or data.uploads naming finished resumable uploads)",
        requestBody: { content: { "multipart/form-data": { schema: UploadForm } } },
      },
    },
  );
