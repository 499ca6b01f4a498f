import { type FormEvent, useEffect, useState } from "react";
import { Field } from "../form/Field";
import { GenreInput } from "../form/GenreInput";
import { LicenseSelect } from "../form/LicenseSelect";
import { ReleaseDateField } from "../form/ReleaseDateField";
import { submitErrorMessage } from "../form/submit-error";
import { useLicenses } from "../form/use-licenses";
import { useValidatedFields } from "../form/use-validated-fields";
import { upload } from "../lib/api";
import { CoverArtField } from "./CoverArtField";
import { QuotaNote } from "./QuotaNote";
import { type StemEntry, StemFields, stemErrors } from "./StemFields";
import { type CreatedTrack, trackFormData } from "./track-form";
import { UploadProgress } from "./UploadProgress";
import {
  artistError,
  bpmError,
  ORIGINAL_ACCEPT,
  originalFileError,
  originalFormatOf,
  type ReleaseDatePrecision,
  releaseDateError,
  takesStems,
  titleError,
} from "./upload-rules";
import { useLeaveWarning } from "./use-leave-warning";

/** After a failed check: the first field marked invalid, else the stems section's warning. */
function focusFirstProblem() {
  const problem = document.querySelector<HTMLElement>('.upload-form [aria-invalid="true"]');
  if (problem) problem.focus();
  else document.getElementById("stems-note")?.scrollIntoView({ block: "center" });
}

/**
 * The single upload form (SPEC §2, §5). Everything the browser can check is checked before the
 * upload starts; the server checks it all again and its message is shown if it still refuses.
 * On success the user lands on the new track's page, which shows processing until it is done.
 */
export function UploadForm() {
  const licenses = useLicenses();
  const { values, bind, validateAll } = useValidatedFields(
    { title: "", primaryArtistName: "", bpm: "", key: "" },
    { title: titleError, primaryArtistName: artistError, bpm: bpmError, key: () => null },
  );
  const [genres, setGenres] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const [isExplicit, setExplicit] = useState(false);
  const [isPublic, setPublic] = useState(true);
  const [licenseId, setLicenseId] = useState("");
  const [release, setRelease] = useState<{ date: string; precision: ReleaseDatePrecision }>({ date: "", precision: "DAY" });
  const [original, setOriginal] = useState<File | null>(null);
  const [coverArt, setCoverArt] = useState<File | null>(null);
  const [stems, setStems] = useState<StemEntry[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);

  const format = original ? originalFormatOf(original.name) : null;
  const originalError = original ? (originalFileError(original.name) ?? undefined) : undefined;
  const dateError = releaseDateError(release.date, release.precision) ?? undefined;
  const uploading = progress !== null;
  const canSubmit = original !== null && licenseId !== "" && !uploading;
  useLeaveWarning(uploading && !createdId);
  // Navigates in an effect, after the leave warning above has been taken down in the same commit.
  useEffect(() => {
    if (createdId) window.location.assign(`/track/${encodeURIComponent(createdId)}`);
  }, [createdId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!original || !canSubmit) return;
    setAttempted(true);
    setFormError(null);
    // validateAll focuses the first failing text field; the other checks focus theirs below.
    const fieldsValid = validateAll();
    const stemsValid =
      (stems.length === 0 || takesStems(format)) &&
      stems.every((stem, index) => !Object.values(stemErrors(stem, index, true)).some(Boolean));
    if (!format || !fieldsValid || dateError || !stemsValid) {
      if (fieldsValid) requestAnimationFrame(focusFirstProblem);
      return;
    }
    const form = trackFormData(
      {
        title: values.title.trim(),
        primaryArtistName: values.primaryArtistName.trim(),
        originalFormat: format,
        bpm: values.bpm.trim() ? Number(values.bpm) : null,
        key: values.key.trim() || null,
        genreNames: genres,
        description: description.trim(),
        isExplicit,
        isPublic,
        licenseId,
        releaseDate: release.date || null,
        releaseDatePrecision: release.precision,
        stemMetadata: stems.map((stem) => ({ name: stem.name.trim(), type: stem.type })),
      },
      { original, coverArt, stems: stems.map((stem) => stem.file as File) },
    );
    setProgress(0);
    try {
      const created = await upload<CreatedTrack>("/track", form, setProgress);
      setCreatedId(created.id);
    } catch (error) {
      setFormError(submitErrorMessage(error));
      setProgress(null);
    }
  };

  return (
    <form className="upload-form" noValidate onSubmit={submit} aria-label="Upload Track">
      <fieldset className="upload-columns" disabled={uploading}>
        <section className="card-panel upload-section" aria-labelledby="upload-details">
          <h2 id="upload-details">Track details</h2>
          <Field label="Title" required maxLength={200} autoComplete="off" {...bind("title")} />
          <Field label="Primary Artist" required maxLength={200} {...bind("primaryArtistName")} />
          <div className="form-row">
            <Field label="BPM" type="number" min={1} max={999} step={1} inputMode="numeric" {...bind("bpm")} />
            <Field label="Key" maxLength={20} placeholder="e.g. A minor" {...bind("key")} />
          </div>
          <GenreInput genres={genres} onChange={setGenres} disabled={uploading} />
          <div className="field">
            <label htmlFor="field-description">Description</label>
            <textarea
              id="field-description"
              rows={4}
              maxLength={5000}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <ReleaseDateField
            value={release.date}
            precision={release.precision}
            error={dateError}
            onChange={(date, precision) => setRelease({ date, precision })}
          />
          <LicenseSelect licenses={licenses} value={licenseId} onChange={setLicenseId} />
          <div className="checks">
            <label className="check">
              <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
              Public <span className="field-hint">Anyone can find and play it</span>
            </label>
            <label className="check">
              <input type="checkbox" checked={isExplicit} onChange={(event) => setExplicit(event.target.checked)} />
              Explicit <span className="field-hint">Contains explicit content</span>
            </label>
          </div>
        </section>
        <section className="card-panel upload-section" aria-labelledby="upload-files">
          <h2 id="upload-files">Files</h2>
          <Field
            name="original"
            label="Audio File"
            type="file"
            accept={ORIGINAL_ACCEPT}
            required
            error={originalError}
            hint="WAV, FLAC, or a tracker module (XM, IT, S3M, MOD)."
            onChange={(event) => setOriginal(event.target.files?.[0] ?? null)}
          />
          <CoverArtField file={coverArt} onChange={setCoverArt} disabled={uploading} />
          <StemFields
            stems={stems}
            onChange={setStems}
            originalTakesStems={format ? takesStems(format) : null}
            showRequired={attempted}
            disabled={uploading}
          />
        </section>
      </fieldset>
      <div className="upload-submit">
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        {uploading ? <UploadProgress sent={progress} /> : <QuotaNote />}
        <button type="submit" className="button" disabled={!canSubmit} aria-describedby="upload-submit-note">
          {uploading ? "Uploading..." : "Upload Track"}
        </button>
        {!original || !licenseId ? (
          <p id="upload-submit-note" className="field-hint">
            Choose an audio file and a license to upload.
          </p>
        ) : null}
      </div>
    </form>
  );
}
