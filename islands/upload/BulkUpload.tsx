import { type FormEvent, useState } from "react";
import { LicenseSelect } from "../form/LicenseSelect";
import { useLicenses } from "../form/use-licenses";
import { useIslandStore } from "../lib/use-island-store";
import {
  $bulkUpload,
  addFiles,
  canStartUpload,
  clearAll,
  isComplete,
  isInProgress,
  setDefaultArtistName,
  setDefaultLicenseId,
} from "./bulk-store";
import { uploadAll } from "./bulk-upload";
import { BULK_ACCEPT, DropZone } from "./DropZone";
import { FilePickerButton } from "./FilePickerButton";
import { MatchRow } from "./MatchRow";
import { QuotaNote } from "./QuotaNote";
import { ResumableProgress } from "./ResumableProgress";
import { SkippedFiles } from "./SkippedFiles";
import { UnmatchedArt } from "./UnmatchedArt";
import { useLeaveWarning } from "./use-leave-warning";

/**
 * Bulk upload (SPEC §2): drop an album, check the tracks and covers matched from the file names,
 * pick a licence, and every track is uploaded in turn. Everything is locked while uploading.
 */
export function BulkUpload() {
  const state = useIslandStore($bulkUpload);
  const licenses = useLicenses();
  const [skipped, setSkipped] = useState<string[]>([]);
  const uploading = isInProgress(state);
  const complete = isComplete(state);
  const uploadedCount = state.matches.filter((match) => match.uploaded).length;
  const hasFiles = state.matches.length > 0 || state.unmatchedCoverArt.length > 0;
  const take = (files: File[]) => setSkipped(addFiles(files));
  useLeaveWarning(uploading);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void uploadAll();
  };

  return (
    <form className="bulk-upload" aria-label="Bulk Upload Tracks" onSubmit={submit} noValidate>
      <fieldset className="card-panel bulk-settings" disabled={uploading}>
        <div className="field">
          <label htmlFor="field-defaultArtist">Default Artist</label>
          <input
            id="field-defaultArtist"
            value={state.defaultArtistName}
            maxLength={200}
            placeholder="Unknown Artist"
            aria-describedby="field-defaultArtist-note"
            onChange={(event) => setDefaultArtistName(event.target.value)}
          />
          <p id="field-defaultArtist-note" className="field-hint">
            For files whose name has no "Artist - Title".
          </p>
        </div>
        <LicenseSelect licenses={licenses} value={state.defaultLicenseId} onChange={setDefaultLicenseId} />
      </fieldset>

      <DropZone onFiles={take} disabled={uploading} compact={hasFiles} />
      <SkippedFiles names={skipped} />

      {hasFiles && (
        <>
          <div className="bulk-progress">
            <div className="bulk-progress-text">
              <strong>
                {uploadedCount} of {state.matches.length} uploaded
              </strong>
              <progress aria-label="Tracks uploaded" max={Math.max(1, state.matches.length)} value={uploadedCount} />
              {uploading ? <ResumableProgress /> : null}
            </div>
            <div className="bulk-progress-actions">
              <FilePickerButton
                label="Add More Files"
                accept={BULK_ACCEPT}
                onFiles={take}
                disabled={uploading}
                className="button button-secondary button-small"
              />
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={uploading}
                onClick={() => {
                  clearAll();
                  setSkipped([]);
                }}
              >
                Clear All
              </button>
            </div>
          </div>
          {state.matches.length > 0 ? (
            <ol className="match-list" aria-label="Tracks to upload">
              {state.matches.map((match, index) => (
                <MatchRow
                  key={match.id}
                  match={match}
                  defaultArtistName={state.defaultArtistName}
                  unmatched={state.unmatchedCoverArt}
                  uploadingThis={uploading && state.currentUploadIndex === index}
                  locked={uploading}
                />
              ))}
            </ol>
          ) : (
            <p className="muted">No audio files yet: add WAV, FLAC or module files to make tracks.</p>
          )}
          <UnmatchedArt covers={state.unmatchedCoverArt} locked={uploading} />
        </>
      )}

      {state.error && (
        <p className="notice notice-error" role="alert">
          {state.error}
        </p>
      )}
      {complete ? (
        <div className="notice notice-success" role="status">
          <span>
            {state.matches.length === 1
              ? "1 track uploaded. It is being processed now."
              : `All ${state.matches.length} tracks uploaded. They are being processed now.`}
          </span>
          <a className="button button-small" href="/my-tracks">
            Go to My Tracks
          </a>
        </div>
      ) : (
        <div className="upload-submit">
          <QuotaNote key={uploadedCount} />
          <button type="submit" className="button" disabled={!canStartUpload(state)}>
            {uploading ? "Uploading..." : `Upload ${pendingLabel(state.matches.length - uploadedCount)}`}
          </button>
          {!uploading && state.matches.length === 0 && <p className="field-hint">Add audio files to upload.</p>}
          {!uploading && state.matches.length > 0 && !state.defaultLicenseId && (
            <p className="field-hint">Choose a license to upload.</p>
          )}
        </div>
      )}
    </form>
  );
}

const pendingLabel = (count: number) => (count === 0 ? "Tracks" : count === 1 ? "1 Track" : `${count} Tracks`);
