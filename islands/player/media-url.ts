import { currentToken } from "../lib/auth";

/**
 * A media URL from the API (e.g. fullTrackMp3Url) with extra query values and the signed-in user's
 * token as `?token=`, since <audio>, <img> and download links cannot send the bearer header (SPEC §7).
 * Works during server rendering too, where there is no token.
 */
export function authorizedMediaUrl(url: string, extraQuery: Record<string, string> = {}): string {
  const [path, search = ""] = url.split("?", 2);
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(extraQuery)) query.set(key, value);
  const token = currentToken();
  if (token) query.set("token", token);
  const joined = query.toString();
  return joined ? `${path}?${joined}` : (path ?? url);
}
