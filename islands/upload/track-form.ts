import type { OriginalFormat, StemType, TrackInfo } from "../../src/shared/upload-rules";

/** The `data` part of POST /api/track (SPEC §7), field names exactly as the API reads them. */
export interface TrackData extends TrackInfo {
  originalFormat: OriginalFormat;
  stemMetadata: { name: string; type: StemType }[];
}

export interface TrackFiles {
  original: File;
  coverArt?: File | null;
  /** In the same order as `stemMetadata`. */
  stems?: File[];
}

/** The multipart body of POST /api/track: `data` JSON, `original`, optional `coverArt`, repeated `stems`. */
export function trackFormData(data: TrackData, files: TrackFiles): FormData {
  const form = new FormData();
  form.set("data", JSON.stringify(data));
  form.set("original", files.original, files.original.name);
  if (files.coverArt) form.set("coverArt", files.coverArt, files.coverArt.name);
  for (const stem of files.stems ?? []) form.append("stems", stem, stem.name);
  return form;
}
