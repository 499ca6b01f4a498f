import { config } from "../../src/server/config";
import { forbidden } from "../../src/server/errors";

/**
 * The browser's session (issue 39): the session token in an httpOnly cookie, which no page script can read, sent with
 * every request to this site (pages, the API, media, the event stream, uploads). `SameSite=Lax` keeps it off
 * requests other sites start but for top-level navigations; `Secure` when the site is served over https.
 */
export const SESSION_COOKIE = "stemma_session";

/** Whether the request reached the site over https (itself, or as a trusted proxy in front says). */
function overHttps(request: Request): boolean {
  if (config().publicUrl.startsWith("https:")) return true;
  return new URL(request.url).protocol === "https:";
}

const attributes = (request: Request, maxAgeSeconds: number) =>
  `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${overHttps(request) ? "; Secure" : ""}`;

/** The seconds until the session token `token` (a JWT) expires, read from its own `exp`. */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { exp?: unknown };
    if (typeof payload.exp === "number") return Math.max(0, Math.floor(payload.exp - Date.now() / 1000));
  } catch {}
  return 0;
}

/** The Set-Cookie value that keeps `token` as this browser's session, for as long as the token lasts. */
export const sessionCookie = (request: Request, token: string) =>
  `${SESSION_COOKIE}=${token}; ${attributes(request, secondsLeft(token))}`;

/** The Set-Cookie value that removes the browser's session. */
export const clearedSessionCookie = (request: Request) => `${SESSION_COOKIE}=; ${attributes(request, 0)}`;

/** The session token of the request's cookie, or null. */
export function cookieToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || null;
  }
  return null;
}

/** The token of `Authorization: Bearer …`, or null. */
export const bearerToken = (authorization: string | null | undefined): string | null =>
  authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a change sent with the session cookie from another site (cross-site request forgery): the browser's
 * `Origin` must name this site, by the host the request was sent to (so an instance reached by its LAN name or its
 * IP address works) or PUBLIC_URL's. Without `Origin`, `Sec-Fetch-Site` must say the request is the site's own or
 * the person's own (typed, bookmarked). A request with neither header is no browser's, and is refused too: scripts
 * send `Authorization: Bearer`, which no other site can make a browser send. Beside SameSite=Lax, which keeps the
 * cookie off most such requests already.
 */
export function checkSameSite(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden(CROSS_SITE);
    }
    if (host === request.headers.get("host") || host === new URL(config().publicUrl).host) return;
    throw forbidden(CROSS_SITE);
  }
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  throw forbidden(CROSS_SITE);
}

export const CROSS_SITE = "This request came from another site, so it was refused";
