import type { FormEvent } from "react";
import type { License } from "../../modules/licenses/model";
import { LICENSE_REQUIRED } from "../../src/shared/upload-rules";
import { fieldId } from "../form/Field";
import { LicenseSelect } from "../form/LicenseSelect";
import { TrackInfoFields } from "../form/TrackInfoFields";
import { type TrackInfoForm, useTrackInfoForm } from "../form/track-info";
import { FormError, useSubmit } from "../form/use-submit";
import { api, reply } from "../lib/api";
import { trackUpdate } from "./edit-form";

interface TrackEditFormProps {
  trackId: string;
  initial: TrackInfoForm;
  licenses: License[];
  /** Why the licences offered are limited (a fork's), shown under the picker. */
  licenseNote: string | null;
  /** SPEC §2: after a save or a cancel the screen goes to the track page. */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The Track Info form (SPEC §2, §5): the upload's fields and checks without the files, saved with
 * PATCH /api/track/{id}. The server checks everything again, the token too (an expired session reads
 * 'Authentication required'); its message is shown if it refuses.
 */
export function TrackEditForm({ trackId, initial, licenses, licenseNote, onSaved, onCancel }: TrackEditFormProps) {
  const info = useTrackInfoForm(initial);
  const { submitting: saving, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  const licenseError = info.form.licenseId ? undefined : LICENSE_REQUIRED;

  const check = () => {
    // validateText focuses the first failing text field; the date and licence are checked as they change.
    if (!info.validateText()) return false;
    if (!info.dateError && !licenseError) return true;
    document.getElementById(info.dateError ? fieldId("releaseDate") : "field-license")?.focus();
    return false;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      check,
      async () => {
        await reply(api.track({ id: encodeURIComponent(trackId) }).patch(trackUpdate(info.form)));
        onSaved();
      },
      "Failed to update the track",
    );
  };

  return (
    <form className="track-edit-form" noValidate onSubmit={submit} aria-label="Track Info">
      <fieldset className="card-panel upload-section" disabled={saving}>
        <TrackInfoFields
          info={info}
          disabled={saving}
          license={
            <div className="license-choice">
              <LicenseSelect
                licenses={{ status: "ready", licenses }}
                value={info.form.licenseId}
                onChange={(licenseId) => info.set({ licenseId })}
              />
              {licenseNote && <p className="field-hint">{licenseNote}</p>}
              {licenseError && <p className="field-error">{licenseError}</p>}
            </div>
          }
        />
      </fieldset>
      <FormError message={formError} />
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
