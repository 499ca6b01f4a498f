import { useState } from "react";
import {
  artistError,
  bpmError,
  localDate,
  type ReleaseDatePrecision,
  releaseDateError,
  type TrackInfo,
  titleError,
} from "../../src/shared/upload-rules";
import { convertReleaseDate } from "./release-date";
import { useValidatedFields } from "./use-validated-fields";

/** The Track Info fields as the upload and edit forms hold them (text for the number and date inputs). */
export interface TrackInfoForm {
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

/** SPEC §5 upload defaults: no date yet at DAY precision, public, not explicit. */
export const EMPTY_TRACK_INFO: TrackInfoForm = {
  title: "",
  primaryArtistName: "",
  bpm: "",
  key: "",
  genreNames: [],
  description: "",
  isExplicit: false,
  isPublic: true,
  licenseId: "",
  releaseDate: "",
  releaseDatePrecision: "DAY",
};

/** The form's values as the API reads them (SPEC §7): trimmed text, BPM as a number, blanks as null. */
export function trackInfoFromForm(form: TrackInfoForm): TrackInfo {
  return {
    title: form.title.trim(),
    primaryArtistName: form.primaryArtistName.trim(),
    bpm: form.bpm.trim() ? Number(form.bpm) : null,
    key: form.key.trim() || null,
    genreNames: form.genreNames,
    description: form.description.trim(),
    isExplicit: form.isExplicit,
    isPublic: form.isPublic,
    licenseId: form.licenseId,
    // The inputs hold "2023" or "2023-07"; the API takes an ISO day (SPEC §7), the precision saying what counts.
    releaseDate: form.releaseDate ? convertReleaseDate(form.releaseDate, "DAY") : null,
    releaseDatePrecision: form.releaseDatePrecision,
  };
}

type ChoiceFields = Omit<TrackInfoForm, "title" | "primaryArtistName" | "bpm" | "key">;

/**
 * The Track Info state of the upload and edit forms: text fields with their SPEC §5 messages
 * (useValidatedFields), the other inputs, and the release date's message against the user's today.
 */
export function useTrackInfoForm(initial: TrackInfoForm) {
  const { title, primaryArtistName, bpm, key, ...choices } = initial;
  const text = useValidatedFields(
    { title, primaryArtistName, bpm, key },
    { title: titleError, primaryArtistName: artistError, bpm: bpmError, key: () => null },
  );
  const [chosen, setChosen] = useState<ChoiceFields>(choices);
  const form: TrackInfoForm = { ...text.values, ...chosen };
  return {
    form,
    bind: text.bind,
    /** Checks the text fields and focuses the first failing one; true when all pass. */
    validateText: text.validateAll,
    /** Fills a text field for the user (the upload form's title from a module). */
    setText: text.set,
    set: (patch: Partial<ChoiceFields>) => setChosen((current) => ({ ...current, ...patch })),
    dateError: releaseDateError(form.releaseDate, form.releaseDatePrecision, localDate()) ?? undefined,
  };
}

export type TrackInfoState = ReturnType<typeof useTrackInfoForm>;
