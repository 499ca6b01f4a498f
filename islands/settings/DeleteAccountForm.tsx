import { type FormEvent, useEffect, useState } from "react";
import type { AccountDeletion } from "../../modules/auth/model";
import { loginPasswordError } from "../../src/shared/validation";
import { Modal } from "../forks/Modal";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";
import { logout } from "../lib/auth";
import { formatCount } from "../lib/format";
import { showToast } from "../lib/toasts";

/** What goes, named before anything does (GET /api/auth/me/deletion). */
function WhatGoes({ deletion }: { deletion: AccountDeletion }) {
  const grace = formatCount(deletion.graceDays, "day");
  return (
    <ul className="settings-list">
      <li>
        {deletion.trackCount === 0
          ? "You have no tracks."
          : `Your ${formatCount(deletion.trackCount, "track")}, with their stems, cover art and downloads, are deleted; their files go after ${grace}.`}
      </li>
      <li>
        Your profile and avatar are removed, tracks others shared with you are no longer shared, and you are signed out
        everywhere.
      </li>
      <li>Forks others made of your tracks keep playing; they name you as "a deleted user".</li>
      <li>Your username and e-mail address stay reserved for {grace}, then anyone may take them.</li>
    </ul>
  );
}

/**
 * Settings › Delete account: names what goes, then asks again in a dialog with the password (DELETE /api/auth/me).
 * The only admin is told why they cannot, and the button is not offered (the server refuses it anyway).
 */
export function DeleteAccountForm() {
  const [deletion, setDeletion] = useState<AccountDeletion | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { values, bind, validateAll } = useValidatedFields({ deletePassword: "" }, { deletePassword: loginPasswordError });
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });

  useEffect(() => {
    reply(api.auth.me.deletion.get())
      .then(setDeletion)
      .catch((error) => console.error("Failed to load what deleting the account deletes", error));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await reply(api.auth.me.delete({ password: values.deletePassword }));
        showToast({ type: "success", title: "Account deleted", message: "Your account has been deleted. Goodbye!" });
        logout("/");
      },
      "Failed to delete the account",
    );
  };

  if (!deletion) return <p className="form-hint">Loading…</p>;
  if (deletion.lastAdmin)
    return (
      <p className="form-hint">
        You are the only admin, so you cannot delete your account. Another account must be an admin first.
      </p>
    );
  return (
    <div className="form">
      <p className="form-hint">Deleting your account cannot be undone:</p>
      <WhatGoes deletion={deletion} />
      <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
        Delete account…
      </button>
      {confirming && (
        <Modal title="Delete your account?" onClose={() => setConfirming(false)}>
          <form className="form" noValidate onSubmit={submit} aria-label="Delete account">
            <WhatGoes deletion={deletion} />
            <Field label="Password" type="password" autoComplete="current-password" {...bind("deletePassword")} />
            <FormError message={formError} />
            <div className="dialog-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirming(false)}
                disabled={submitting}
              >
                Cancel
              </button>
              <button type="submit" className="button button-danger" disabled={submitting}>
                {submitting ? "Deleting..." : "Delete my account"}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
