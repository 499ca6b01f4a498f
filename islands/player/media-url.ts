import { currentToken } from "../lib/auth";

/**
 * The one builder of media URLs: one from the API (e.g. fullTrackMp3Url) with extra query values and,
 * for a private track, the signed-in user's token as `?token=`, since <audio>, <img> and download
 * links cannot send the bearer header (SPEC §7). Public media needs no token, and a login token in a
 * URL ends up in histories, logs and shared links, so public tracks never get one.
 * Works during server rendering too, where there is no token.
 */
export function authorizedMediaUrl(url: string, isPublic: boolean, extraQuery: Record<string, string> = {}): string {
  const [path, search = ""] = url.split("?", 2);
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(extraQuery)) query.set(key, value);
  const token = isPublic ? null : currentToken();
  if (token) query.set("token", token);
  const joined = query.toString();
  return joined ? `${path}?${joined}` : (path ?? url);
}
