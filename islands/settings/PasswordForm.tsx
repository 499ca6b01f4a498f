import { type FormEvent, useRef, useState } from "react";
import { loginPasswordError, passwordError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";
import { signIn } from "../lib/auth";

export const PASSWORD_CHANGED = "Password changed. You are still signed in here; every other session has been signed out.";

/**
 * Settings › Password: the current password, the new one (SPEC §5's rules) and the new one again. The server ends
 * every other session and answers a new token for this one, which is kept.
 */
export function PasswordForm() {
  const newPassword = useRef("");
  const { values, bind, validateAll } = useValidatedFields(
    { currentPassword: "", newPassword: "", confirmPassword: "" },
    {
      currentPassword: loginPasswordError,
      newPassword: passwordError,
      confirmPassword: (value) => (value === newPassword.current ? null : "Passwords do not match"),
    },
  );
  newPassword.current = values.newPassword;
  const { submitting, formError, run } = useSubmit();
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    await run(
      validateAll,
      async () => {
        const session = await reply(
          api.auth.password.post({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
        );
        signIn(session.user);
        setDone(true);
      },
      "Failed to change the password",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Change password">
      <Field label="Current password" type="password" autoComplete="current-password" {...bind("currentPassword")} />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
        {...bind("newPassword")}
      />
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...bind("confirmPassword")} />
      <FormError message={formError} />
      {done && (
        <p className="form-success" role="status">
          {PASSWORD_CHANGED}
        </p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Changing..." : "Change password"}
      </button>
    </form>
  );
}
