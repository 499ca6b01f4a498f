import { badRequest } from "../../src/server/errors";
import { mediaTokenHolder, signMediaToken } from "../../src/server/http/media-token";
import { findViewer, type Viewer } from "../auth/service";
import type { Track } from "../tracks/service";
import { findViewableTrack } from "../tracks/service";

/** The media routes of modules/media/index.ts, as a path: what a presigned URL may point at. */
const MEDIA_PATH =
  /^\/api\/track\/([^/]+)\/(?:cover|original|full\.(?:mp3|wav|flac)|stem\/[A-Za-z0-9-]+\.(?:mp3|wav|flac)|stems\.zip)$/;

/**
 * SPEC §7 presigned URL: the given media URL (a path, or an absolute URL on one of `origins`) with a media
 * token for the caller in `?token=`. Visitors get the URL without a token (public media needs none);
 * a track the caller may not see is 404, like its media.
 */
export async function presignMediaUrl(
  input: string,
  viewer: Viewer | null,
  origins: string[],
): Promise<{ url: string; expiresAt: string | null }> {
  let parsed: URL;
  try {
    parsed = new URL(input, origins[0]);
  } catch {
    throw badRequest("url must be a media URL of this site");
  }
  const ours = origins.some((origin) => new URL(origin).origin === parsed.origin);
  const match = ours ? parsed.pathname.match(MEDIA_PATH) : null;
  if (!match) throw badRequest("url must be a media URL of this site");
  const track = await findViewableTrack(decodeURIComponent(match[1] as string), viewer);
  parsed.searchParams.delete("token");
  if (!viewer) return { url: parsed.pathname + parsed.search, expiresAt: null };
  const { token, expiresAt } = signMediaToken(track.id, viewer.id);
  parsed.searchParams.set("token", token);
  return { url: parsed.pathname + parsed.search, expiresAt: expiresAt.toISOString() };
}

/**
 * The one access check of a media request: the track when the bearer caller may see it, or else when
 * `?token=` is a valid media token for this track whose holder (checked again now) may see it.
 */
export async function findMediaTrack(id: string, viewer: Viewer | null, mediaToken: string | undefined): Promise<Track> {
  try {
    return await findViewableTrack(id, viewer);
  } catch (denied) {
    const holder = mediaToken ? mediaTokenHolder(mediaToken, id) : null;
    if (!holder) throw denied;
    return findViewableTrack(id, await findViewer(holder));
  }
}
