import { type FormEvent, useEffect, useState } from "react";
import { type OriginalFormat, originalFileError, originalFormatOf, takesStems } from "../../src/shared/upload-rules";
import { Field } from "../form/Field";
import { LicenseSelect } from "../form/LicenseSelect";
import { TrackInfoFields } from "../form/TrackInfoFields";
import { EMPTY_TRACK_INFO, trackInfoFromForm, useTrackInfoForm } from "../form/track-info";
import { useLicenses } from "../form/use-licenses";
import { FormError, useSubmit } from "../form/use-submit";
import { api, sendForm } from "../lib/api";
import { goTo } from "../lib/go-to";
import { $resumable, sendResumable } from "../lib/resumable";
import { useIslandStore } from "../lib/use-island-store";
import { CoverArtField } from "./CoverArtField";
import { ORIGINAL_ACCEPT } from "./file-names";
import { QuotaNote } from "./QuotaNote";
import { ResumableProgress } from "./ResumableProgress";
import { type StemEntry, StemFields, stemErrors } from "./StemFields";
import { trackUploadsForm } from "./track-form";
import { useLeaveWarning } from "./use-leave-warning";
import { useModuleTitle } from "./use-module-title";

/** After a failed check: the first field marked invalid, else the stems section's warning. */
function focusFirstProblem() {
  const problem = document.querySelector<HTMLElement>('.upload-form [aria-invalid="true"]');
  if (problem) problem.focus();
  else document.getElementById("stems-note")?.scrollIntoView({ block: "center" });
}

/**
 * The single upload form (SPEC §2, §5). Everything the browser can check is checked before the
 * upload starts; the server checks it all again and its message is shown if it still refuses. The files are sent
 * as resumable uploads (islands/lib/resumable.ts): paused and resumed, retried after a network loss, and continued
 * after a reload when the same file is chosen again.
 * A tracker module's own title fills an empty title. On success the user lands on the new track's page, which shows
 * processing until it is done.
 */
export function UploadForm() {
  const licenses = useLicenses();
  const info = useTrackInfoForm(EMPTY_TRACK_INFO);
  const [original, setOriginal] = useState<File | null>(null);
  const [coverArt, setCoverArt] = useState<File | null>(null);
  const [stems, setStems] = useState<StemEntry[]>([]);
  const [attempted, setAttempted] = useState(false);
  const { submitting: uploading, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  const [createdId, setCreatedId] = useState<string | null>(null);

  const format = original ? originalFormatOf(original.name) : null;
  const originalError = original ? (originalFileError(original.name) ?? undefined) : undefined;
  // SPEC §5: an acceptable original and a licence; an original it cannot take keeps the button off.
  // The submit button says what the upload is doing: "Uploading..." while it is paused would say otherwise.
  const paused = useIslandStore($resumable)?.paused ?? false;
  const canSubmit = original !== null && !originalError && info.form.licenseId !== "" && !uploading;
  useLeaveWarning(uploading && !createdId);
  useModuleTitle(original, info.form.title, (title) => info.setText("title", title));
  // Navigates in an effect, after the leave warning above has been taken down in the same commit.
  useEffect(() => {
    if (createdId) goTo(`/track/${encodeURIComponent(createdId)}`);
  }, [createdId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!original || !canSubmit) return;
    setAttempted(true);
    const check = () => {
      // validateText focuses the first failing text field; the other checks focus theirs below.
      const fieldsValid = info.validateText();
      const stemsValid =
        (stems.length === 0 || takesStems(format)) &&
        stems.every((stem, index) => !Object.values(stemErrors(stem, index, true)).some(Boolean));
      if (format && fieldsValid && !info.dateError && stemsValid) return true;
      if (fieldsValid) requestAnimationFrame(focusFirstProblem);
      return false;
    };
    await run(
      check,
      async () => {
        // The files go first as resumable uploads (a lost connection costs only what was in flight), then the form
        // naming them.
        const files = [original, ...(coverArt ? [coverArt] : []), ...stems.map((stem) => stem.file as File)];
        const [originalId, ...rest] = await sendResumable(files);
        const coverId = coverArt ? rest.shift() : undefined;
        const form = trackUploadsForm(
          {
            ...trackInfoFromForm(info.form),
            originalFormat: format as OriginalFormat,
            stemMetadata: stems.map((stem) => ({ name: stem.name.trim(), type: stem.type })),
          },
          { original: originalId as string, coverArt: coverId, stems: rest },
        );
        const created = await sendForm(api.track.post, form);
        setCreatedId(created.id);
      },
      "Failed to upload the track",
    );
  };

  return (
    <form className="upload-form" noValidate onSubmit={submit} aria-label="Upload Track">
      <fieldset className="upload-columns" disabled={uploading}>
        <section className="card-panel upload-section" aria-labelledby="upload-details">
          <h2 id="upload-details">Track details</h2>
          <TrackInfoFields
            info={info}
            disabled={uploading}
            license={
              <LicenseSelect licenses={licenses} value={info.form.licenseId} onChange={(licenseId) => info.set({ licenseId })} />
            }
          />
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
        <FormError message={formError} />
        {uploading ? <ResumableProgress /> : <QuotaNote />}
        <button type="submit" className="button" disabled={!canSubmit} aria-describedby="upload-submit-note">
          {uploading ? (paused ? "Paused" : "Uploading...") : "Upload Track"}
        </button>
        {!original || originalError || !info.form.licenseId ? (
          <p id="upload-submit-note" className="field-hint">
            Choose an audio file and a license to upload.
          </p>
        ) : null}
      </div>
    </form>
  );
}
