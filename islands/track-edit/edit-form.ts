import type { TrackDetails } from "../../modules/tracks/model";
import { forkLicenseOptions, LICENSE_SHORT_NAMES, type LicenseTypeName } from "../../src/shared/license-lineage";
import type { TrackInfo } from "../../src/shared/upload-rules";
import { convertReleaseDate } from "../form/release-date";
import { type TrackInfoForm, trackInfoFromForm } from "../form/track-info";

/** The body of PATCH /api/track/{id} (SPEC §7): the release date and its precision only when a date is set. */
export type TrackUpdate = Omit<TrackInfo, "releaseDate" | "releaseDatePrecision"> &
  Partial<Pick<TrackInfo, "releaseDatePrecision"> & { releaseDate: string }>;

/** The form filled from the stored track; the stored date (YYYY-MM-DD) is cut to its precision's input. */
export function formFromTrack(track: TrackDetails): TrackInfoForm {
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
export function trackUpdate(form: TrackInfoForm): TrackUpdate {
  const { releaseDate, releaseDatePrecision, ...info } = trackInfoFromForm(form);
  return releaseDate ? { ...info, releaseDate, releaseDatePrecision } : info;
}

/** Why a fork's licence choices are limited, under its licence picker; null for a track that is no fork. */
export function forkLicenseNote(track: TrackDetails): string | null {
  const current = track.licenseType as LicenseTypeName | null | undefined;
  if (!track.isFork || !current) return null;
  return `This track is a fork: it keeps the obligations of its ${LICENSE_SHORT_NAMES[current]} license, so only licenses that honor them are offered.`;
}

/** A fork is offered only the licences that honour its obligations (src/shared/license-lineage.ts); others all. */
export function licensesFor<L extends { type: string }>(track: TrackDetails, licenses: L[]): L[] {
  const current = track.licenseType as LicenseTypeName | null | undefined;
  if (!track.isFork || !current) return licenses;
  const allowed: readonly string[] = forkLicenseOptions(current);
  return licenses.filter((license) => allowed.includes(license.type));
}
