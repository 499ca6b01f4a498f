import { useEffect, useState } from "react";
import { isOidcError, oidcErrorMessage } from "../../src/shared/oidc-messages";
import { api, reply } from "../lib/api";
import { signIn } from "../lib/auth";
import { currentReturnPath, safeReturnPath } from "../lib/return-path";
import { Loading } from "../ui/Loading";

/** What the provider's round trip left in the address (`/login?oidc=done` or `?oidc_error=…`), read once on load. */
function oidcResult(): { done: boolean; error: string | null } {
  const query = new URLSearchParams(window.location.search);
  return { done: query.get("oidc") === "done", error: query.get("oidc_error") };
}

/**
 * After a sign-in with the provider (`?oidc=done`): takes the session from its one-time cookie
 * (POST /api/auth/oidc/session), keeps it as a password login does and goes on to `?next=`.
 * `status` is "idle" on every other visit.
 */
export function useOidcHandover(): { status: "idle" | "working" | "failed"; message: string | null } {
  const [state, setState] = useState<{ status: "idle" | "working" | "failed"; message: string | null }>({
    status: "idle",
    message: null,
  });
  useEffect(() => {
    if (!oidcResult().done) return;
    setState({ status: "working", message: null });
    reply(api.auth.oidc.session.post())
      .then((session) => {
        signIn(session.user);
        window.location.replace(currentReturnPath());
      })
      .catch((error: { serverMessage?: string }) =>
        setState({ status: "failed", message: error.serverMessage ?? "An error occurred" }),
      );
  }, []);
  return state;
}

/**
 * Why the last sign-in with the provider did not sign in, in words (src/shared/oidc-messages.ts), or null. Read after
 * hydration: the server renders no query-dependent text.
 */
export function useOidcError(label: string | null): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const { error } = oidcResult();
    if (label && isOidcError(error)) setMessage(oidcErrorMessage(error, label));
  }, [label]);
  return message;
}

/** The message above a sign-in form: a refusal (role=alert, read out at once). */
export function OidcNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice-error oidc-notice" role="alert">
      {message}
    </p>
  );
}

/** Shown while the hand-over runs: the page is about to leave. */
export const OidcSigningIn = () => <Loading text="Signing in..." />;

/**
 * "Sign in with {label}": a plain link to the start route (it works before hydration and without a form), carrying
 * the page to come back to. Below the password form, after an "or".
 */
export function OidcButton({ label, returnPath }: { label: string; returnPath: string }) {
  const next = safeReturnPath(returnPath);
  const href = `/api/auth/oidc/start${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`;
  return (
    <div className="oidc-sign-in">
      <p className="oidc-divider">
        <span>or</span>
      </p>
      <a className="button button-secondary oidc-button" href={href} data-astro-reload>
        Sign in with {label}
      </a>
    </div>
  );
}
