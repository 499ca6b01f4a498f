import { type FormEvent, useState } from "react";
import { forkCostSeconds } from "../../src/shared/fork-cost";
import { formatQuotaDuration } from "../../src/shared/quota-duration";
import { api, reply } from "../lib/api";
import { goTo } from "../lib/go-to";
import { type forkMix, mixLine } from "../player/mix-levels";
import { Modal } from "./Modal";

/** A mix to render the fork's full track with (synced mode's "Fork with this mix"), and the stems' names. */
export interface MixToFork {
  settings: ReturnType<typeof forkMix>;
  stemNames: ReadonlyMap<string, string>;
}

/** What the fork costs now and what will cost later (issue 37: a fork pays only for the audio it adds). */
function forkCostLine(cost: number): string {
  const later = "Stems you add and audio you replace later use your storage.";
  if (cost <= 0) return `Forking is free: your fork shares this track's audio and stems. ${later}`;
  return `This fork uses ${formatQuotaDuration(cost, "up")} of your storage for its newly rendered full track; its stems stay shared, at no cost. ${later}`;
}

/**
 * SPEC §5 Fork: title required (default '{title} (Fork)'), description optional, isPublic default false.
 * With a `mix`, the dialog says what the fork's full track will be rendered with and sends it. It says what forking
 * costs, by the rule the server charges (src/shared/fork-cost.ts); `duration` is the track's, which a mix costs.
 */
export function ForkDialog({
  trackId,
  title,
  duration = null,
  mix,
  onClose,
}: {
  trackId: string;
  title: string;
  duration?: number | null;
  mix?: MixToFork;
  onClose: () => void;
}) {
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
      const { id } = await reply(
        api.track({ id: trackId }).fork.post({ title: forkTitle, description, isPublic, mix: mix?.settings }),
      );
      goTo(`/track/${id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <Modal title="Fork Track" onClose={onClose}>
      <form className="fork-form" onSubmit={(event) => void submit(event)}>
        {mix && (
          <div className="fork-mix">
            <p>The fork keeps every stem; its full track will be rendered with this mix:</p>
            <ul>
              {mix.settings.map((stem) => (
                <li key={stem.stemId}>{mixLine(mix.stemNames.get(stem.stemId) ?? stem.stemId, stem)}</li>
              ))}
            </ul>
          </div>
        )}
        <p className="fork-cost">{forkCostLine(forkCostSeconds(duration, mix !== undefined))}</p>
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
