import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../../../src/server/config";
import { perRuntime } from "../../../src/server/runtime";

/**
 * The short-lived cookies of a sign-in with OIDC, each signed so the browser cannot change it, httpOnly, and sent
 * only to the one route that reads it (its path):
 * - `flow`: state, nonce and PKCE verifier from the start to the callback. SameSite=Lax: the callback is a
 *   top-level navigation from the provider's site, which Lax cookies follow and Strict ones do not.
 * - `handover`: who signed in, from the callback to POST /api/auth/oidc/session, which answers the session to the
 *   page (sessions live in the page's storage, and a session in a URL would reach histories and logs).
 * - `link`: a provider account waiting to be tied to the existing account whose password is given next at login.
 * The key is derived from JWT_SECRET and never equals it, so no cookie can pass for a session token.
 */
const cookieKey = perRuntime(({ config }) => createHmac("sha256", config.jwtSecret).update("stemma oidc cookies v1").digest());

export const COOKIES = {
  flow: { name: "stemma_oidc_flow", path: "/api/auth/oidc/callback", sameSite: "Lax", seconds: 10 * 60 },
  handover: { name: "stemma_oidc_handover", path: "/api/auth/oidc/session", sameSite: "Strict", seconds: 2 * 60 },
  link: { name: "stemma_oidc_link", path: "/api/auth/login", sameSite: "Strict", seconds: 15 * 60 },
} as const;
export type CookieKind = keyof typeof COOKIES;

export interface FlowCookie {
  state: string;
  nonce: string;
  verifier: string;
  /** Where to go once signed in (checked again by the page: islands/lib/return-path.ts). */
  next: string;
}
export interface HandoverCookie {
  sub: string;
  sv: number;
}
export interface LinkCookie {
  userId: string;
  issuer: string;
  subject: string;
}
interface Payloads {
  flow: FlowCookie;
  handover: HandoverCookie;
  link: LinkCookie;
}

const signature = (body: string) => createHmac("sha256", cookieKey()).update(body).digest("base64url");

const attributes = (kind: CookieKind, maxAge: number) => {
  const { path, sameSite } = COOKIES[kind];
  const secure = config().publicUrl.startsWith("https:") ? "; Secure" : "";
  return `Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=${sameSite}${secure}`;
};

/** A Set-Cookie value holding `payload`, signed with its kind (one kind's cookie is never read as another's). */
export function setCookie<K extends CookieKind>(kind: K, payload: Payloads[K]): string {
  const { name, seconds } = COOKIES[kind];
  const body = Buffer.from(JSON.stringify({ kind, exp: Date.now() + seconds * 1000, ...payload })).toString("base64url");
  return `${name}=${body}.${signature(body)}; ${attributes(kind, seconds)}`;
}

/** A Set-Cookie value that removes the cookie (each is used once). */
export const clearCookie = (kind: CookieKind) => `${COOKIES[kind].name}=; ${attributes(kind, 0)}`;

/** The cookie of `kind` the request carries, when it is ours, unchanged and unexpired; null otherwise. */
export function readCookie<K extends CookieKind>(request: Request, kind: K): Payloads[K] | null {
  const raw = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIES[kind].name}=`))
    ?.slice(COOKIES[kind].name.length + 1);
  const [body, mac] = raw?.split(".") ?? [];
  if (!body || !mac) return null;
  const expected = Buffer.from(signature(body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString()) as Payloads[K] & { kind: string; exp: number };
    return payload.kind === kind && payload.exp > Date.now() ? payload : null;
  } catch {
    return null;
  }
}
