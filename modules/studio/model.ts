import { t } from "elysia";
import { config } from "../../src/server/config";
import type { MultipartLimits } from "../../src/server/http/multipart";
import { NotifyingReply } from "../notifications/model";
import { MAX_REPLACEMENT_BYTES } from "./replace";

const TEXT = { maxFieldBytes: 64 * 1024, textParts: ["data"] };

/** POST /track/{id}/stem and PATCH /track/{id}/stem/{stemId}: `data` JSON and one `stemFile`. */
export const stemLimits = (): MultipartLimits => ({
  files: { stemFile: { max: 1, tooMany: "Send one stem file" } },
  maxBytes: config().maxUploadBytes,
  ...TEXT,
});

/** PATCH /track/{id}/audio: one `original`, at most 50 MB (SPEC §9). */
export const AUDIO_LIMITS: MultipartLimits = {
  files: { original: { max: 1, tooMany: "Send one audio file" } },
  maxBytes: MAX_REPLACEMENT_BYTES,
  ...TEXT,
};

/** For the OpenAPI document only: these routes read their bodies themselves. */
export const StemForm = t.Object({
  data: t.String({ description: "JSON: name, type; uploadId naming a finished resumable upload instead of stemFile" }),
  stemFile: t.Optional(t.File({ description: ".mp3, .wav or .flac" })),
});
export const AudioForm = t.Object({
  data: t.Optional(t.String({ description: "JSON: uploadId naming a finished resumable upload instead of original" })),
  original: t.Optional(t.File({ description: ".wav or .flac, at most 50 MB" })),
});

export const StudioReply = NotifyingReply({ id: t.String() });
