import type { OriginalFormat, StemType, TrackInfo } from "../../src/shared/upload-rules";

/** The `data` part of POST /api/track (SPEC §7), field names exactly as the API reads them. */
export interface TrackData extends TrackInfo {
  originalFormat: OriginalFormat;
  stemMetadata: { name: string; type: StemType }[];
}

/** Finished resumable uploads (/api/uploads) by id: the track's files, sent before the form. */
export interface TrackUploads {
  original: string;
  coverArt?: string;
  /** In the same order as `stemMetadata`. */
  stems: string[];
}

/** The multipart body of POST /api/track naming the files' finished uploads in `data.uploads`. */
export function trackUploadsForm(data: TrackData, uploads: TrackUploads): FormData {
  const form = new FormData();
  form.set("data", JSON.stringify({ ...data, uploads }));
  return form;
}
