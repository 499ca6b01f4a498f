import { useEffect, useState } from "react";
import { presignMediaUrl } from "../lib/api";
import { isSignedIn } from "../lib/auth";

/** A presigned URL is reused until this long before its token expires. */
const RENEW_BEFORE_MS = 60_000;
const presigned = new Map<string, { url: string; renewAt: number }>();

function withQuery(url: string, extraQuery: Record<string, string>): string {
  const [path, search = ""] = url.split("?", 2);
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(extraQuery)) query.set(key, value);
  const joined = query.toString();
  return joined ? `${path}?${joined}` : (path ?? url);
}

/** A media URL fit for messages and logs: its token removed. */
export function withoutToken(url: string): string {
  const [path, search = ""] = url.split("?", 2);
  const query = new URLSearchParams(search);
  query.delete("token");
  const joined = query.toString();
  return joined ? `${path}?${joined}` : (path ?? url);
}

/**
 * The one builder of media URLs: one from the API (e.g. fullTrackMp3Url) with extra query values and,
 * for a private track, a media token from the presigned-URL call (SPEC §7), since <audio>, <img> and
 * download links cannot send the bearer header. Public media needs no token, so it gets none.
 */
export async function mediaUrl(url: string, isPublic: boolean, extraQuery: Record<string, string> = {}): Promise<string> {
  const wanted = withQuery(url, extraQuery);
  if (isPublic || !isSignedIn()) return wanted;
  const cached = presigned.get(wanted);
  if (cached && cached.renewAt > Date.now()) return cached.url;
  const signed = await presignMediaUrl(wanted);
  const renewAt = signed.expiresAt ? Date.parse(signed.expiresAt) - RENEW_BEFORE_MS : 0;
  presigned.set(wanted, { url: signed.url, renewAt });
  return signed.url;
}

/**
 * `mediaUrl` for rendering: public URLs at once (server rendering included), private ones once
 * presigned (null until then, or when presigning fails).
 */
export function useMediaUrl(url: string | null, isPublic: boolean): string | null {
  const [resolved, setResolved] = useState<string | null>(url && isPublic ? url : null);
  useEffect(() => {
    if (!url) return setResolved(null);
    if (isPublic) return setResolved(url);
    let current = true;
    mediaUrl(url, false).then(
      (signed) => current && setResolved(signed),
      (error) => console.warn("Could not load private media", error),
    );
    return () => {
      current = false;
    };
  }, [url, isPublic]);
  return resolved;
}
