import { type FormEvent, useState } from "react";
import type { InviteCode } from "../../modules/admin/model";
import { FormError, useSubmit } from "../form/use-submit";
import { createInviteCode } from "./admin-api";

/** SPEC §5: Max Uses required, at least 1, default 1; reference and expiry optional. */
export function CreateInviteCodeForm({ onCreated }: { onCreated: (code: InviteCode) => void }) {
  const [maxUses, setMaxUses] = useState("1");
  const [reference, setReference] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const { submitting: busy, formError, run } = useSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const note = reference.trim();
    await run(
      () => true,
      async () => {
        const code = await createInviteCode({
          maxUses: Number(maxUses),
          // datetime-local is the admin's local time; the server stores the instant.
          ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
          ...(note ? { reference: note } : {}),
        });
        onCreated(code);
        setCreated(code.code);
        setMaxUses("1");
        setReference("");
        setExpiresAt("");
      },
      "Failed to create an invite code",
    );
  };

  return (
    <form className="card-panel admin-form" onSubmit={submit} aria-label="Create invite code">
      <h2>Create Invite Code</h2>
      <div className="form-row">
        <div className="field field-narrow">
          <label htmlFor="invite-max-uses">Max Uses</label>
          <input
            id="invite-max-uses"
            type="number"
            min={1}
            step={1}
            required
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </div>
        <div className="field field-wide">
          <label htmlFor="invite-reference">Reference</label>
          <input
            id="invite-reference"
            value={reference}
            maxLength={200}
            placeholder="Optional note, e.g. who it is for"
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-expires-at">Expires At</label>
          <input id="invite-expires-at" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Create Code
        </button>
      </div>
      <FormError message={formError} />
      {created && (
        <p className="form-success" role="status">
          Created invite code <strong className="mono">{created}</strong>
        </p>
      )}
    </form>
  );
}
