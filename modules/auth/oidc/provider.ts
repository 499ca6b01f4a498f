import * as client from "openid-client";
import { config, type OidcConfig } from "../../../src/server/config";
import { log } from "../../../src/server/logger";

/** How long one request to the provider may take: a hung provider is "down", not a page that never loads. */
const TIMEOUT_SECONDS = 10;
/** The discovered metadata is used this long before it is read again (its keys openid-client refreshes itself). */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** The provider could not be reached, or did not answer as a provider does: the sign-in cannot go on now. */
export class ProviderUnavailable extends Error {}

export const oidcSettings = (): OidcConfig | null => config().oidc;

/** Where the provider sends the browser back: registered at the provider with the client. */
export const redirectUri = () => `${config().publicUrl}/api/auth/oidc/callback`;

const isLoopbackHttp = (issuer: URL) => issuer.protocol === "http:";

let cached: { configuration: Promise<client.Configuration>; at: number } | null = null;

/**
 * The provider's discovered configuration with this client's credentials, kept for an hour. A failed discovery is
 * not kept, so the next sign-in tries again once the provider is back.
 */
export function providerConfiguration(oidc: OidcConfig): Promise<client.Configuration> {
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  const issuer = new URL(oidc.issuer);
  const configuration = client
    .discovery(issuer, oidc.clientId, undefined, client.ClientSecretBasic(oidc.clientSecret), {
      timeout: TIMEOUT_SECONDS,
      // config().ts allows plain http only for a provider on loopback.
      execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
    })
    .catch((error: unknown) => {
      cached = null;
      log.warn("the OIDC provider's discovery failed", { issuer: oidc.issuer, reason: reasonOf(error) });
      throw new ProviderUnavailable();
    });
  cached = { configuration, at: Date.now() };
  return configuration;
}

/** Network failures as Bun's fetch and openid-client name them. */
const NETWORK_CODES = new Set([
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "OAUTH_TIMEOUT",
  "OAUTH_ABORT",
]);

/**
 * Whether `error` says the provider is unreachable or failing (no answer, a timeout, a 5xx), rather than that it
 * refused this sign-in (a used code, a bad ID token): the first is "try later", the second "try again".
 */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof TypeError) return true;
    if (current instanceof Response && current.status >= 500) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    const name = (current as { name?: unknown }).name;
    if (name === "TimeoutError" || name === "AbortError") return true;
  }
  return false;
}

/**
 * What a log may say about a failure: openid-client's error code and its fixed message, or the OAuth error code the
 * provider answered. Never the error's fields or cause, which can hold the code, the tokens or the claims.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) return error.error;
  if (error instanceof client.ClientError) return `${error.code ?? "error"}: ${error.message}`;
  if (error instanceof Error) return `${error.name}${"code" in error ? ` ${String(error.code)}` : ""}`;
  return "unknown";
}
