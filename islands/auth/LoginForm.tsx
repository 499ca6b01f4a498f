import type { FormEvent } from "react";
import { emailError, loginPasswordError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { signInHref, useReturnPath } from "../lib/return-path";
import { startSession } from "../lib/session";
import { useLeaveWhenSignedIn } from "./use-leave-when-signed-in";

/**
 * /login: e-mail and password; on success the session is stored and the user goes back to the page
 * that sent them (`?next=`), or to /. Going on to register keeps that page.
 */
export default function LoginForm() {
  const { values, bind, validateAll } = useValidatedFields(
    { email: "", password: "" },
    { email: emailError, password: loginPasswordError },
  );
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  useLeaveWhenSignedIn(!submitting);
  const returnPath = useReturnPath();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await startSession("/auth/login", values);
      },
      "Failed to log in",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Login">
      <Field label="Email" type="email" autoComplete="email" {...bind("email")} />
      <Field label="Password" type="password" autoComplete="current-password" {...bind("password")} />
      <FormError message={formError} />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Logging in..." : "Login"}
      </button>
      <p className="form-footer">
        New to Stemma? <a href={signInHref("/register", returnPath)}>Create an account</a>
      </p>
      <p className="form-footer">
        <a href="/forgot-password">Forgot your password?</a>
      </p>
    </form>
  );
}
