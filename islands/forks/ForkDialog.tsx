import { type FormEvent, useState } from "react";
import { api, reply } from "../lib/api";
import { Modal } from "./Modal";

/** SPEC §5 Fork: title required (default '{title} (Fork)'), description optional, isPublic default false. */
export function ForkDialog({ trackId, title, onClose }: { trackId: string; title: string; onClose: () => void }) {
  const [forkTitle, setForkTitle] = useState(`${title} (Fork)`);
  const [description, setDescription] = useState("");
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { id } = await reply(api.track({ id: trackId }).fork.post({ title: forkTitle, description, isPublic }));
      window.location.assign(`/track/${id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <Modal title="Fork Track" onClose={onClose}>
      <form className="fork-form" onSubmit={(event) => void submit(event)}>
        <label>
          Title
          <input required value={forkTitle} onChange={(event) => setForkTitle(event.target.value)} disabled={busy} />
        </label>
        <label>
          Description
          <textarea rows={3} value={description} onChange={(event) => setDescription(event.target.value)} disabled={busy} />
        </label>
        <label className="fork-checkbox">
          <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} disabled={busy} />
          Public
        </label>
        {error && (
          <p className="form-error" role="alert">
            Error: {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy || !forkTitle.trim()}>
            {busy ? "Forking..." : "Fork"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
