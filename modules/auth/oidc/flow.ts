import * as client from "openid-client";
import type { OidcConfig } from "../../../src/server/config";
import { notFound } from "../../../src/server/errors";
import { log } from "../../../src/server/logger";
import type { OidcError } from "../../../src/shared/oidc-messages";
import { type ProviderAccount, signInWith } from "./accounts";
import { clearCookie, readCookie, setCookie } from "./cookies";
import { isUnreachable, oidcSettings, ProviderUnavailable, providerConfiguration, reasonOf, redirectUri } from "./provider";

/** Where a step of the sign-in sends the browser, and the cookies it sets or clears on the way. */
export interface Redirect {
  location: string;
  cookies: string[];
}

/** The routes exist whether or not a provider is configured (the route table stays one); without one they are 404. */
function settings(): OidcConfig {
  const oidc = oidcSettings();
  if (!oidc) throw notFound("Sign-in with OIDC is not configured");
  return oidc;
}

/** A path on this site to return to; anything else is home (the page checks it again before going there). */
const localPath = (next: string | null | undefined) =>
  next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") && next.length <= 2000 ? next : "/";

/** The login page, with what it should say or do and the page to go on to. */
function toLogin(params: Record<string, string>, next: string, cookies: string[] = []): Redirect {
  const query = new URLSearchParams(params);
  if (next !== "/") query.set("next", next);
  return { location: `/login?${query}`, cookies };
}

const refused = (reason: OidcError, next: string, cookies: string[] = []) => toLogin({ oidc_error: reason }, next, cookies);

/** The scopes asked for: `groups` only when a group decides who is admin (some providers refuse unknown scopes). */
const scopesOf = (oidc: OidcConfig) => `openid email profile${oidc.adminGroup ? " groups" : ""}`;

/**
 * GET /api/auth/oidc/start: to the provider, with a fresh state, nonce and PKCE challenge whose secrets wait in the
 * flow cookie for the callback. A provider that cannot be discovered sends the browser back to /login saying so.
 */
export async function start(nextInput: string | undefined): Promise<Redirect> {
  const oidc = settings();
  const next = localPath(nextInput);
  let configuration: client.Configuration;
  try {
    configuration = await providerConfiguration(oidc);
  } catch (error) {
    if (error instanceof ProviderUnavailable) return refused("unavailable", next);
    throw error;
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const authorization = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(),
    scope: scopesOf(oidc),
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  return { location: authorization.href, cookies: [setCookie("flow", { state, nonce, verifier, next })] };
}

/**
 * GET /api/auth/oidc/callback: checks the provider's answer against the flow cookie (state), trades the code for
 * tokens (PKCE verifier), checks the ID token (signature, issuer, audience, expiry, nonce) and signs in. Every
 * failure ends on /login with a reason, never a 500; logs name the reason, never a code, state, token or claim.
 */
export async function callback(request: Request): Promise<Redirect> {
  const oidc = settings();
  const flow = readCookie(request, "flow");
  const spent = [clearCookie("flow")];
  const query = new URL(request.url).searchParams;
  if (!flow) return refused(query.get("error") === "access_denied" ? "cancelled" : "retry", "/", spent);
  if (query.get("state") !== flow.state) {
    log.warn("OIDC callback refused: its state is not the one this browser's sign-in started with");
    return refused("retry", flow.next, spent);
  }
  let account: ProviderAccount;
  try {
    account = await providerAccount(oidc, query, flow);
  } catch (error) {
    const reason = error instanceof ProviderUnavailable || isUnreachable(error) ? "unavailable" : failureOf(error);
    log.warn("OIDC sign-in failed", { reason: reasonOf(error), shown: reason });
    return refused(reason, flow.next, spent);
  }
  const outcome = await signInWith(account);
  if (outcome.kind === "signed-in") {
    const { user, sessionVersion } = outcome.grant;
    return toLogin({ oidc: "done" }, flow.next, [...spent, setCookie("handover", { sub: user.id, sv: sessionVersion })]);
  }
  if (outcome.kind === "link") return refused("link", flow.next, [...spent, setCookie("link", outcome.pending)]);
  return refused(outcome.reason, flow.next, spent);
}

/** What the provider's refusal means to the person: they said no, or something went wrong. */
const failureOf = (error: unknown): OidcError =>
  error instanceof client.AuthorizationResponseError && error.error === "access_denied" ? "cancelled" : "failed";

/** The code traded for tokens and the person they name, with UserInfo's claims where the ID token has none. */
async function providerAccount(
  oidc: OidcConfig,
  query: URLSearchParams,
  flow: { state: string; nonce: string; verifier: string },
) {
  const configuration = await providerConfiguration(oidc);
  // The provider's answer as it reached PUBLIC_URL: behind a proxy, request.url is the proxy's address, and
  // openid-client sends this URL's path as the redirect_uri the code was issued for.
  const answer = new URL(`${redirectUri()}?${query}`);
  const tokens = await client.authorizationCodeGrant(configuration, answer, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  // idTokenExpected makes openid-client refuse an answer without one; this only tells TypeScript.
  if (!idToken) throw new Error("the provider answered no ID token");
  const userInfo = configuration.serverMetadata().userinfo_endpoint
    ? await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
    : {};
  const claims: Record<string, unknown> = { ...userInfo, ...idToken };
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: typeof claims.email === "string" ? claims.email : null,
    // Some providers send the flag as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    preferredUsername: typeof claims.preferred_username === "string" ? claims.preferred_username : null,
    groups: groupsOf(claims.groups),
  };
}

const groupsOf = (claim: unknown): string[] =>
  Array.isArray(claim)
    ? claim.filter((group): group is string => typeof group === "string")
    : typeof claim === "string"
      ? [claim]
      : [];

/** POST /api/auth/oidc/session: the handover cookie, once, for who signed in; null when there is none (or it expired). */
export function handover(request: Request) {
  settings();
  return readCookie(request, "handover");
}

/** The link cookie a password login may complete (modules/auth/index.ts), when OIDC is on. */
export const pendingLink = (request: Request) => (oidcSettings() ? readCookie(request, "link") : null);
