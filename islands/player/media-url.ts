import { currentToken } from "../lib/auth";

/**
 * A media URL from the API (e.g. fullTrackMp3Url) with the signed-in user's token as `?token=`, since
 * <audio> and fetch-for-decoding of private media cannot send the bearer header (SPEC §7).
 */
export function authorizedMediaUrl(url: string, extraQuery: Record<string, string> = {}): string {
  const resolved = new URL(url, window.location.origin);
  for (const [key, value] of Object.entries(extraQuery)) resolved.searchParams.set(key, value);
  const token = currentToken();
  if (token && resolved.origin === window.location.origin) resolved.searchParams.set("token", token);
  return resolved.origin === window.location.origin ? `${resolved.pathname}${resolved.search}` : resolved.href;
}
