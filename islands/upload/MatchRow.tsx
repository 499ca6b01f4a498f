import { useState } from "react";
import { titleError } from "../../src/shared/upload-rules";
import { $resumable, sentShare } from "../lib/resumable";
import { useIslandStore } from "../lib/use-island-store";
import { type BulkMatch, type CoverArt, discardCover, moveCover, removeMatch, renameMatch } from "./bulk-store";
import { uploadAll } from "./bulk-upload";
import { CoverThumb, useCoverDropTarget } from "./CoverThumb";
import { artistOrDefault } from "./file-names";

/** The title as the track will be called, editable; its problem (too long, empty) shows as the user types. */
function TitleEditor({ match }: { match: BulkMatch }) {
  const inputId = `match-title-${match.id}`;
  const problem = titleError(match.title);
  return (
    <div className="field match-title-field">
      <label htmlFor={inputId}>Title</label>
      <input
        id={inputId}
        value={match.title}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${inputId}-error` : undefined}
        onChange={(event) => renameMatch(match.id, event.target.value)}
      />
      {problem && (
        <p id={`${inputId}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

interface MatchRowProps {
  match: BulkMatch;
  defaultArtistName: string;
  /** Covers not on any track, offered in the cover picker. */
  unmatched: CoverArt[];
  uploadingThis: boolean;
  locked: boolean;
}

function Status({ match, uploadingThis }: { match: BulkMatch; uploadingThis: boolean }) {
  const progress = sentShare(useIslandStore($resumable));
  if (match.uploaded) return <span className="status-badge status-ok">Uploaded</span>;
  if (uploadingThis) {
    const percent = Math.round(progress * 100);
    return (
      <span className="status-badge status-busy" role="status">
        {percent < 100 ? `Uploading... ${percent}%` : "Checking audio..."}
      </span>
    );
  }
  if (match.error) {
    return (
      <span className="match-error" role="alert">
        <strong>Failed to upload {match.title}</strong> <span>{match.error}</span>
      </span>
    );
  }
  return <span className="status-badge status-off">Ready</span>;
}

/**
 * One audio file becoming one track: its title and artist (read from the file name), its cover
 * (dropped here, picked from the list, or removed) and how its upload went.
 */
export function MatchRow({ match, defaultArtistName, unmatched, uploadingThis, locked }: MatchRowProps) {
  const titleId = `match-${match.id}`;
  const editable = !locked && !match.uploaded;
  const cover = match.coverArt;
  const drop = useCoverDropTarget((coverId) => moveCover(coverId, match.id), editable);
  // A title the server would refuse opens the editor at once; a failed upload offers it.
  const [editing, setEditing] = useState(false);
  const showEditor = editable && (editing || titleError(match.title) !== null);
  return (
    <li className={`match${match.uploaded ? " match-done" : ""}`} aria-labelledby={titleId}>
      <div className={`match-cover${drop.over ? " drop-target-over" : ""}`} {...drop.props}>
        {cover ? (
          <>
            <CoverThumb cover={cover} disabled={!editable} />
            {editable && (
              <button
                type="button"
                className="thumb-remove"
                aria-label={`Remove cover art from ${match.title}`}
                onClick={() => discardCover(cover.id)}
              >
                ×
              </button>
            )}
          </>
        ) : (
          <span className="cover-slot-empty">{editable ? "Drop cover here" : "No cover"}</span>
        )}
      </div>
      <div className="match-body">
        <h3 id={titleId} className="match-title">
          {match.title}
        </h3>
        <p className="match-meta">
          {artistOrDefault(match.artist, defaultArtistName)} <span aria-hidden="true">·</span>{" "}
          <span className="match-file">{match.audio.name}</span>
        </p>
        {showEditor && <TitleEditor match={match} />}
        <div className="match-controls">
          <Status match={match} uploadingThis={uploadingThis} />
          {editable && (
            <select
              className="match-cover-select"
              aria-label={`Cover art for ${match.title}`}
              value={cover?.id ?? ""}
              onChange={(event) =>
                event.target.value ? moveCover(event.target.value, match.id) : cover && moveCover(cover.id, null)
              }
            >
              <option value="">No cover art</option>
              {[...(cover ? [cover] : []), ...unmatched].map((option) => (
                <option key={option.id} value={option.id}>
                  {option.file.name}
                </option>
              ))}
            </select>
          )}
        </div>
      </div>
      {editable && (
        <div className="match-actions">
          {match.error && !showEditor && (
            <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
              Edit title<span className="visually-hidden"> of {match.title}</span>
            </button>
          )}
          {match.error && (
            <button type="button" className="button button-secondary button-small" onClick={() => void uploadAll(match.id)}>
              Retry<span className="visually-hidden"> {match.title}</span>
            </button>
          )}
          <button
            type="button"
            className="button button-secondary button-small match-remove"
            onClick={() => removeMatch(match.id)}
          >
            Remove<span className="visually-hidden"> {match.title}</span>
          </button>
        </div>
      )}
    </li>
  );
}
