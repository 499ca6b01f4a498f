import type { FormEvent } from "react";
import { loginPasswordError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";
import { logout } from "../lib/auth";

/**
 * Settings › Sessions: ends every session of the account, on every device and this one, once the password is given
 * (so a session someone else holds cannot do it); then this browser goes to /login.
 */
export function LogoutEverywhereForm() {
  const { values, bind, validateAll } = useValidatedFields({ sessionsPassword: "" }, { sessionsPassword: loginPasswordError });
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await reply(api.auth["logout-everywhere"].post({ password: values.sessionsPassword }));
        logout();
      },
      "Failed to log out everywhere",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Log out everywhere">
      <p className="form-hint">
        Signs you out on every device and browser, this one included. Use it if you signed in somewhere you no longer trust.
      </p>
      <Field label="Password" type="password" autoComplete="current-password" {...bind("sessionsPassword")} />
      <FormError message={formError} />
      <button type="submit" className="button button-danger" disabled={submitting}>
        {submitting ? "Logging out..." : "Log out everywhere"}
      </button>
    </form>
  );
}
