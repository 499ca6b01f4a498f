import { useState } from "react";
import type { StemDetails } from "../../modules/tracks/model";
import { TypeSelect } from "./TypeSelect";

/**
 * One stem in the studio: its name and type, Edit and Remove, which asks first: a removed stem cannot be brought
 * back. With `remixes` (a fork, whose full track is the sum of its stems) an edit may bring a new file and a
 * removal makes the full track again without the stem; an original's full track and stem audio stay as uploaded.
 */
export function StemEditor({
  stem,
  busy,
  remixes,
  onSave,
  onRemove,
}: {
  stem: StemDetails;
  busy: boolean;
  remixes: boolean;
  onSave: (name: string, type: string, file: File | null) => void;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(stem.name);
  const [type, setType] = useState<string>(stem.type);
  const [file, setFile] = useState<File | null>(null);
  if (confirming) {
    return (
      <li className="studio-row studio-confirm">
        <span role="alert">
          Remove <strong>{stem.name}</strong>?{" "}
          {remixes ? "The full track will play the remaining stems" : "The full track stays as uploaded"}; this cannot be undone.
        </span>
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={onRemove}>
          Remove Stem
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => setConfirming(false)}>
          Keep
        </button>
      </li>
    );
  }
  if (!editing) {
    return (
      <li className="studio-row">
        <span className="studio-stem-name">{stem.name}</span>
        <span className="fork-meta">{stem.type}</span>
        <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => setEditing(true)}>
          Edit
        </button>
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => setConfirming(true)}>
          Remove
        </button>
      </li>
    );
  }
  return (
    <li className="studio-row">
      <input aria-label="Stem name" value={name} onChange={(e) => setName(e.target.value)} />
      <TypeSelect value={type} onChange={setType} />
      {remixes && (
        <input
          aria-label="New stem file"
          type="file"
          accept=".mp3,.wav,.flac"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      )}
      <button
        type="button"
        className="button button-small"
        disabled={busy || !name.trim()}
        onClick={() => onSave(name.trim(), type, file)}
      >
        Save
      </button>
      <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => setEditing(false)}>
        Cancel
      </button>
    </li>
  );
}
