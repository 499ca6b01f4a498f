import { type FormEvent, useState } from "react";
import { Field, fieldId } from "../form/Field";
import { GenreInput } from "../form/GenreInput";
import { LicenseSelect } from "../form/LicenseSelect";
import { ReleaseDateField } from "../form/ReleaseDateField";
import { submitErrorMessage } from "../form/submit-error";
import type { License } from "../form/use-licenses";
import { useValidatedFields } from "../form/use-validated-fields";
import { api } from "../lib/api";
import { artistError, bpmError, releaseDateError, titleError } from "../upload/upload-rules";
import { type EditForm, LICENSE_REQUIRED, trackUpdate } from "./edit-form";

interface TrackEditFormProps {
  trackId: string;
  initial: EditForm;
  licenses: License[];
  /** SPEC §2: after a save or a cancel the screen goes to the track page. */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The Track Info form (SPEC §2, §5): the upload's fields and checks without the files, saved with
 * PATCH /api/track/{id}. The server checks everything again, the token too (an expired session reads
 * 'Authentication required'); its message is shown if it refuses.
 */
export function TrackEditForm({ trackId, initial, licenses, onSaved, onCancel }: TrackEditFormProps) {
  const { values, bind, validateAll } = useValidatedFields(
    { title: initial.title, primaryArtistName: initial.primaryArtistName, bpm: initial.bpm, key: initial.key },
    { title: titleError, primaryArtistName: artistError, bpm: bpmError, key: () => null },
  );
  const [genreNames, setGenreNames] = useState(initial.genreNames);
  const [description, setDescription] = useState(initial.description);
  const [isExplicit, setExplicit] = useState(initial.isExplicit);
  const [isPublic, setPublic] = useState(initial.isPublic);
  const [licenseId, setLicenseId] = useState(initial.licenseId);
  const [release, setRelease] = useState({ date: initial.releaseDate, precision: initial.releaseDatePrecision });
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const dateError = releaseDateError(release.date, release.precision) ?? undefined;
  const licenseError = licenseId ? undefined : LICENSE_REQUIRED;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // validateAll focuses the first failing text field; the date and licence are checked as they change.
    if (!validateAll()) return;
    if (dateError || licenseError) {
      document.getElementById(dateError ? fieldId("releaseDate") : "field-license")?.focus();
      return;
    }
    setSaving(true);
    try {
      await api.patch(
        `/track/${encodeURIComponent(trackId)}`,
        trackUpdate({
          ...values,
          genreNames,
          description,
          isExplicit,
          isPublic,
          licenseId,
          releaseDate: release.date,
          releaseDatePrecision: release.precision,
        }),
      );
      onSaved();
    } catch (error) {
      console.error("Failed to update the track", error);
      setFormError(submitErrorMessage(error));
      setSaving(false);
    }
  };

  return (
    <form className="track-edit-form" noValidate onSubmit={submit} aria-label="Track Info">
      <fieldset className="card-panel upload-section" disabled={saving}>
        <Field label="Title" required maxLength={200} autoComplete="off" {...bind("title")} />
        <Field label="Primary Artist" required maxLength={200} {...bind("primaryArtistName")} />
        <div className="form-row">
          <Field label="BPM" type="number" min={1} max={999} step={1} inputMode="numeric" {...bind("bpm")} />
          <Field label="Key" maxLength={20} placeholder="e.g. A minor" {...bind("key")} />
        </div>
        <GenreInput genres={genreNames} onChange={setGenreNames} disabled={saving} />
        <div className="field">
          <label htmlFor={fieldId("description")}>Description</label>
          <textarea
            id={fieldId("description")}
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
        <div className="license-choice">
          <LicenseSelect licenses={{ status: "ready", licenses }} value={licenseId} onChange={setLicenseId} />
          {licenseError && <p className="field-error">{licenseError}</p>}
        </div>
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
      </fieldset>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="track-edit-actions">
        <button type="button" className="button button-secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </form>
  );
}
