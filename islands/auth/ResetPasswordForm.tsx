import { type FormEvent, useRef, useState } from "react";
import { passwordError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";

/** The link's secret, from `?token=`; read in the browser only (the page is never rendered with it). */
const linkToken = () => new URLSearchParams(window.location.search).get("token") ?? "";

/**
 * /reset-password?token=: a new password (SPEC §5's rules) and the same again, for the account a reset link was made
 * for. The link works once; afterwards every session of the account has ended, and the user logs in.
 */
export default function ResetPasswordForm() {
  const newPassword = useRef("");
  const { values, bind, validateAll } = useValidatedFields(
    { newPassword: "", confirmPassword: "" },
    {
      newPassword: passwordError,
      confirmPassword: (value) => (value === newPassword.current ? null : "Passwords do not match"),
    },
  );
  newPassword.current = values.newPassword;
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await reply(api.auth["password-reset"].post({ token: linkToken(), password: values.newPassword }));
        setDone(true);
      },
      "Failed to reset the password",
    );
  };

  if (done)
    return (
      <div className="form" role="status">
        <p>Your password has been changed. Every session of your account has been signed out.</p>
        <a className="button" href="/login">
          Log in
        </a>
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Reset password">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
        {...bind("newPassword")}
      />
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...bind("confirmPassword")} />
      <FormError message={formError} />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Saving..." : "Set new password"}
      </button>
    </form>
  );
}
