import { notFound } from "../../src/server/errors";
import type { Viewer } from "../auth/service";
import { tracksRepo } from "./repo";
import type { Stem, Track } from "./schema";

/**
 * The one access check for a track and everything that hangs off it (stems, cover, media, derivatives).
 * Public active tracks are for everyone; private ones for the owner, users it is shared with, and admins.
 * Pending-deletion tracks only for admins (who manage the deleted-tracks list); DELETED ones for nobody:
 * their files are gone, only the row is kept for that list.
 */
export async function canView(track: Track, viewer: Viewer | null): Promise<boolean> {
  if (track.status === "DELETED") return false;
  if (viewer?.role === "ADMIN") return true;
  if (track.status !== "ACTIVE") return false;
  if (track.isPublic || viewer?.id === track.userId) return true;
  return viewer !== null && (await tracksRepo.isSharedWith(track.id, viewer.id));
}

/** The track when the viewer may see it; otherwise 404, so private tracks do not reveal they exist. */
export async function findViewableTrack(id: string, viewer: Viewer | null): Promise<Track> {
  const track = await tracksRepo.findById(id);
  if (!track || !(await canView(track, viewer))) throw notFound("Track not found");
  return track;
}

/** The track when the viewer owns it (admins too, for moderation); 404 for everyone else. */
export async function findOwnedTrack(id: string, viewer: Viewer): Promise<Track> {
  const track = await tracksRepo.findById(id);
  if (track?.status !== "ACTIVE" || (track.userId !== viewer.id && viewer.role !== "ADMIN")) throw notFound("Track not found");
  return track;
}

/** A stem of a track the caller may already see (checked above); 404 when it is not that track's. */
export async function requireStemOf(trackId: string, stemId: string): Promise<Stem> {
  const stem = await tracksRepo.findStemOf(trackId, stemId);
  if (!stem) throw notFound("Stem not found");
  return stem;
}
