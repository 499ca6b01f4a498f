import { t } from "elysia";
import { NotifyingReply } from "../notifications/model";
import { TrackDetails } from "../tracks/model";

/** For the OpenAPI document only: POST /track reads its multipart body itself (streamed to disk). */
export const UploadForm = t.Object({
  data: t.String({
    description:
      "JSON: title, primaryArtistName, licenseId, … and stemMetadata[] of {name, type}; or with uploads: {original, coverArt, stems: [...]} naming finished resumable uploads (/api/uploads) instead of the file parts",
  }),
  original: t.Optional(t.File()),
  coverArt: t.Optional(t.File()),
  stems: t.Optional(t.Files()),
});

/** 201 to POST /track: the new track, and the quota warning when this upload crossed 80%. */
export const UploadReply = NotifyingReply({ id: t.String(), track: TrackDetails });
export type UploadReply = typeof UploadReply.static;
