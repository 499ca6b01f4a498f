import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

/**
 * Media tokens: what `?token=` carries on a media URL (<audio>, <img> and download links cannot send
 * the bearer header). Each is read-only, names one track (its cover, audio, stems and downloads) and
 * the user it was issued to, expires after MEDIA_TOKEN_LIFETIME_SECONDS, and is signed with a key
 * derived from, but never equal to, the session secret, so it can never be used as a session (and a
 * session token is never accepted here). Access is checked again on every use, so an unshare or a
 * delete stops a token at once. The same signer makes the tokens of other read-only resources, each named
 * so it can never pass for a track id (`export:{id}`, `events`), some with a lifetime of their own.
 */
interface MediaClaims {
  /** Track id. */
  t: string;
  /** The user it was issued to. */
  u: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

const signature = (payload: string) => createHmac("sha256", config().mediaTokenKey).update(payload).digest();

export function signMediaToken(
  trackId: string,
  userId: string,
  now = Date.now(),
  lifetimeSeconds = config().mediaTokenSeconds,
): { token: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + lifetimeSeconds;
  const payload = Buffer.from(JSON.stringify({ t: trackId, u: userId, e: expires } satisfies MediaClaims)).toString("base64url");
  return { token: `${payload}.${signature(payload).toString("base64url")}`, expiresAt: new Date(expires * 1000) };
}

/** The user a valid, unexpired token for this track was issued to; null for anything else. */
export function mediaTokenHolder(token: string, trackId: string, now = Date.now()): string | null {
  const [payload, signed, extra] = token.split(".");
  if (!payload || !signed || extra !== undefined) return null;
  const expected = signature(payload);
  const given = Buffer.from(signed, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<MediaClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (claims.t !== trackId || typeof claims.u !== "string" || typeof claims.e !== "number") return null;
  return claims.e * 1000 > now ? claims.u : null;
}
