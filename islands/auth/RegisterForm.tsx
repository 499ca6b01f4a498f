import type { FormEvent } from "react";
import { emailError, inviteCodeError, passwordError, usernameError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api } from "../lib/api";
import { signInHref } from "../lib/return-path";
import { startSession } from "../lib/session";
import { useReturnPath } from "../lib/use-return-path";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { OidcButton } from "./OidcSignIn";
import { useInviteRequired } from "./use-invite-required";
import { useLeaveWhenSignedIn } from "./use-leave-when-signed-in";

/**
 * /register: e-mail, username, password, and an invite code only while EARLY_ACCESS_REQUIRED is on.
 * On success the new session is stored and the user goes back to the page that sent them
 * (`?next=`), or to /. Going on to log in instead keeps that page. With OIDC configured (`oidcLabel`),
 * "Sign in with {label}" too: a first sign-in makes the account (not while invites are required).
 */
export default function RegisterForm({
  oidcLabel = null,
  renderedReturnPath = "/",
}: {
  oidcLabel?: string | null;
  /** The page to return to, as the server read it from `?next=`: its links are right before hydration. */
  renderedReturnPath?: string;
}) {
  const requirement = useInviteRequired();
  const inviteRequired = requirement.status === "ready" && requirement.inviteRequired;
  const { values, bind, validateAll } = useValidatedFields(
    { email: "", username: "", password: "", inviteCode: "" },
    {
      email: emailError,
      username: usernameError,
      password: passwordError,
      inviteCode: (code) => inviteCodeError(code, inviteRequired),
    },
  );
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  useLeaveWhenSignedIn(!submitting);
  const returnPath = useReturnPath(renderedReturnPath);

  if (requirement.status === "loading") return <Loading />;
  if (requirement.status === "error") return <ErrorView message={requirement.message} onRetry={requirement.retry} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        const { inviteCode, ...account } = values;
        const body = inviteRequired ? { ...account, inviteCode: inviteCode.trim() } : account;
        await startSession(api.auth.signup.post(body));
      },
      "Failed to register",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Register">
      <Field label="Email" type="email" autoComplete="email" {...bind("email")} />
      <Field
        label="Username"
        autoComplete="username"
        hint="At least 3 characters: letters, numbers, underscores and hyphens."
        {...bind("username")}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        {...bind("password")}
      />
      {inviteRequired && (
        <>
          <Field label="Invite Code" autoComplete="off" spellCheck={false} {...bind("inviteCode")} />
          <p className="form-hint">
            Registration is invite-only for now. No code? <a href="/request-early-access">Request early access</a>
          </p>
        </>
      )}
      <FormError message={formError} />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Creating account..." : "Register"}
      </button>
      {oidcLabel && <OidcButton label={oidcLabel} returnPath={returnPath} />}
      <p className="form-footer">
        Already have an account? <a href={signInHref("/login", returnPath)}>Login</a>
      </p>
    </form>
  );
}
