import type { TrackDetails } from "../track/types";
import { convertReleaseDate, type ReleaseDatePrecision } from "../upload/upload-rules";

/** The Track Info form's values as the inputs hold them (text for the number and date inputs). */
export interface EditForm {
  title: string;
  primaryArtistName: string;
  bpm: string;
  key: string;
  genreNames: string[];
  description: string;
  isExplicit: boolean;
  isPublic: boolean;
  licenseId: string;
  releaseDate: string;
  releaseDatePrecision: ReleaseDatePrecision;
}

/** The body of PATCH /api/track/{id} (SPEC §7), field names exactly as the API reads them. */
export interface TrackUpdate {
  title: string;
  primaryArtistName: string;
  bpm: number | null;
  key: string | null;
  genreNames: string[];
  description: string;
  isExplicit: boolean;
  isPublic: boolean;
  licenseId: string;
  releaseDate?: string;
  releaseDatePrecision?: ReleaseDatePrecision;
}

export const LICENSE_REQUIRED = "License selection is required";

/** The form filled from the stored track; the stored date (YYYY-MM-DD) is cut to its precision's input. */
export function formFromTrack(track: TrackDetails): EditForm {
  const precision = track.releaseDatePrecision ?? "DAY";
  return {
    title: track.title,
    primaryArtistName: track.primaryArtistName,
    bpm: track.bpm === null ? "" : String(track.bpm),
    key: track.key ?? "",
    genreNames: track.genreNames,
    description: track.description ?? "",
    isExplicit: track.isExplicit,
    isPublic: track.isPublic,
    licenseId: track.licenseId,
    releaseDate: track.releaseDate ? convertReleaseDate(track.releaseDate, precision) : "",
    releaseDatePrecision: precision,
  };
}

/** SPEC §5: the release date and its precision are sent only when a release date is set. */
export function trackUpdate(form: EditForm): TrackUpdate {
  const update: TrackUpdate = {
    title: form.title.trim(),
    primaryArtistName: form.primaryArtistName.trim(),
    bpm: form.bpm.trim() ? Number(form.bpm) : null,
    key: form.key.trim() || null,
    genreNames: form.genreNames,
    description: form.description.trim(),
    isExplicit: form.isExplicit,
    isPublic: form.isPublic,
    licenseId: form.licenseId,
  };
  if (form.releaseDate) {
    update.releaseDate = form.releaseDate;
    update.releaseDatePrecision = form.releaseDatePrecision;
  }
  return update;
}
