import { type ChangeEvent, type FormEvent, useState } from "react";
import { emailError } from "../../src/shared/validation";
import { Field, fieldId } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";
import { showToast } from "../lib/toasts";
import type { SharedUser } from "./SharingPanel";

const NO_SUCH_USER = "No user with this email address";
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Shares the track with one user, by the e-mail they signed up with (SPEC §5: only a known user).
 * The address is looked up with GET /auth/users?email=, which answers only for an exact match and
 * never lists addresses; what can be told without asking (a typo, yourself, already shared) is.
 */
export function ShareForm({
  trackId,
  ownerEmail,
  sharedWith,
  focusOnMount,
  onShared,
}: {
  trackId: string;
  ownerEmail: string;
  sharedWith: SharedUser[];
  focusOnMount: boolean;
  onShared: (sharedWith: SharedUser[]) => void;
}) {
  const { bind, values, validateAll } = useValidatedFields(
    { email: "" },
    {
      email: (value) => {
        const invalid = emailError(value);
        if (invalid) return invalid;
        if (sameEmail(value, ownerEmail)) return "You cannot share a track with yourself";
        if (sharedWith.some(({ user }) => sameEmail(value, user.email))) return "This track is already shared with this user";
        return null;
      },
    },
  );
  // The lookup's answer sits where the rules' messages do, and goes as soon as the address changes.
  const [lookupError, setLookupError] = useState<string | null>(null);
  const { submitting, formError, run } = useSubmit();
  const email = bind("email");

  function submit(event: FormEvent) {
    event.preventDefault();
    setLookupError(null);
    void run(validateAll, share, "Sharing the track failed");
  }

  async function share() {
    const address = values.email.trim();
    const [user] = await reply(api.auth.users.get({ query: { email: address } }));
    if (!user) {
      setLookupError(NO_SUCH_USER);
      document.getElementById(fieldId("email"))?.focus();
      return;
    }
    const { sharedWith } = await reply(api.track({ id: trackId }).share.post({ userIds: [user.id] }));
    const stored = sharedWith.find((entry) => entry.userId === user.id)?.user.email ?? address;
    showToast({ type: "success", title: "Track shared", message: `Shared with ${user.username} (${stored}).` });
    onShared(sharedWith);
  }

  return (
    <form className="share-form" onSubmit={submit} noValidate aria-label="Share this track">
      <div className="share-form-row">
        <Field
          {...email}
          error={email.error ?? lookupError ?? undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setLookupError(null);
            email.onChange(event);
          }}
          label="Share with (email address)"
          type="email"
          autoComplete="off"
          spellCheck={false}
          autoFocus={focusOnMount}
          readOnly={submitting}
        />
        <button type="submit" className="button" disabled={submitting}>
          Share
        </button>
      </div>
      <FormError message={formError} />
    </form>
  );
}
