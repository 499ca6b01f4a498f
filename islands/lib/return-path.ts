/** Screens that make no sense to return to once signed in: they would only send the user on again. */
const SIGN_IN_SCREENS = new Set(["/login", "/register", "/request-early-access"]);

/** Any origin will do: resolving against it only tells whether a path stays on the site. */
const THIS_SITE = "http://this-site.invalid";

/**
 * Where to go after signing in: `next` when it is a path on this site, home otherwise. `next` comes
 * from the URL, which anyone can craft, so it must never lead to another origin (an open redirect):
 * "//host" and "/\host" are protocol-relative to browsers, and browsers drop tabs and newlines
 * before parsing ("/\t/host" becomes "//host"), so those are refused along with anything that
 * does not start with "/" or holds more than printable ASCII (a browser's own path and query are
 * percent-encoded); resolving it against a stand-in origin catches what the checks missed.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if (!/^[!-~]+$/.test(next)) return "/";
  let resolved: URL;
  try {
    resolved = new URL(next, THIS_SITE);
  } catch {
    return "/";
  }
  if (resolved.origin !== THIS_SITE || SIGN_IN_SCREENS.has(resolved.pathname)) return "/";
  return next;
}

/** A sign-in screen's address that returns to `from` afterwards (plain when that is home anyway). */
export function signInHref(screen: "/login" | "/register", from: string): string {
  const next = safeReturnPath(from);
  return next === "/" ? screen : `${screen}?next=${encodeURIComponent(next)}`;
}

/** The page to come back to: this one (path and query), or on a sign-in screen the one it returns to. */
export function currentReturnPath(): string {
  const { pathname, search } = window.location;
  if (SIGN_IN_SCREENS.has(pathname)) return safeReturnPath(new URLSearchParams(search).get("next"));
  return safeReturnPath(pathname + search);
}
