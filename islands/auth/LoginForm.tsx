import { type FormEvent, useEffect, useState } from "react";
import { emailError, loginPasswordError } from "../../src/shared/validation";
import { Field, fieldId } from "../form/Field";
import { typedBeforeHydration } from "../form/typed-before-hydration";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api } from "../lib/api";
import { signInHref } from "../lib/return-path";
import { startSession } from "../lib/session";
import { useReturnPath } from "../lib/use-return-path";
import { OidcButton, OidcNotice, OidcSigningIn, useOidcError, useOidcHandover } from "./OidcSignIn";
import { useLeaveWhenSignedIn } from "./use-leave-when-signed-in";

/**
 * /login: e-mail and password; on success the session is stored and the user goes back to the page
 * that sent them (`?next=`), or to /. Going on to register keeps that page. With OIDC configured
 * (`oidcLabel`, from the server), a "Sign in with {label}" button, and the end of its round trip: the
 * hand-over of the session, or why it did not sign in. Rendered by the server too (login.astro): the button waits
 * for hydration, since only this code can sign in.
 */
export default function LoginForm({
  oidcLabel = null,
  renderedReturnPath = "/",
}: {
  oidcLabel?: string | null;
  /** The page to return to, as the server read it from `?next=`: its links are right before hydration. */
  renderedReturnPath?: string;
}) {
  const [typed] = useState(() => ({
    email: typedBeforeHydration(fieldId("email")),
    password: typedBeforeHydration(fieldId("password")),
  }));
  const { values, bind, validateAll } = useValidatedFields(typed, { email: emailError, password: loginPasswordError });
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  const handover = useOidcHandover();
  const oidcError = useOidcError(oidcLabel);
  useLeaveWhenSignedIn(!submitting && handover.status === "idle");
  const returnPath = useReturnPath(renderedReturnPath);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (handover.status === "working") return <OidcSigningIn />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await startSession(api.auth.login.post(values));
      },
      "Failed to log in",
    );
  };

  return (
    // POST, so that nothing but this code's submit could ever put the password in an address.
    <form className="form" method="post" noValidate onSubmit={submit} aria-label="Login">
      <OidcNotice message={handover.message ?? oidcError} />
      <Field label="Email" type="email" autoComplete="email" {...bind("email")} />
      <Field label="Password" type="password" autoComplete="current-password" {...bind("password")} />
      <FormError message={formError} />
      <button type="submit" className="button" disabled={submitting || !hydrated}>
        {submitting ? "Logging in..." : "Login"}
      </button>
      {oidcLabel && <OidcButton label={oidcLabel} returnPath={returnPath} />}
      <p className="form-footer">
        New to Stemma? <a href={signInHref("/register", returnPath)}>Create an account</a>
      </p>
      <p className="form-footer">
        <a href="/forgot-password">Forgot your password?</a>
      </p>
    </form>
  );
}
