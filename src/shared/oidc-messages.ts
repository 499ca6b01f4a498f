/**
 * Why a sign-in with the OIDC provider did not end signed in. The callback sends the browser to
 * `/login?oidc_error={code}`, and the login page shows the text: the server decides, the page words it, and a URL
 * carries no message anyone could forge into the page.
 */
export const OIDC_ERRORS = [
  "unavailable",
  "retry",
  "failed",
  "cancelled",
  "link",
  "unverified",
  "no-email",
  "invite",
  "deleted",
] as const;
export type OidcError = (typeof OIDC_ERRORS)[number];

export const isOidcError = (code: string | null | undefined): code is OidcError => OIDC_ERRORS.includes(code as OidcError);

/** The text for `code`, naming the provider as the button does ("Sign in with {label}"). */
export function oidcErrorMessage(code: OidcError, label: string): string {
  switch (code) {
    case "unavailable":
      return `${label} cannot be reached right now. Please try again later, or log in with your password.`;
    case "retry":
      return `That sign-in with ${label} was started in another tab or browser, or took too long. Please try again.`;
    case "failed":
      return `Sign-in with ${label} failed. Please try again.`;
    case "cancelled":
      return `Sign-in with ${label} was cancelled.`;
    case "link":
      return "An account with this e-mail already exists. Sign in with your password to link it.";
    case "unverified":
      return `${label} has not verified your e-mail address, so it cannot sign you in here. Verify the address with ${label}, then try again.`;
    case "no-email":
      return `${label} did not share your e-mail address, which a Stemma account needs. Allow it with ${label}, then try again.`;
    case "deleted":
      return `The Stemma account tied to your ${label} account has been deleted.`;
    case "invite":
      return `Registration is invite-only for now, so ${label} cannot create an account. Register with an invite code and the same e-mail address, then sign in with ${label} to link it.`;
  }
}
