import type { Stem, Track } from "../tracks/service";
import { storedBy } from "../tracks/service";

/**
 * What a track's audio costs its owner (issue 37, item 10). A track is charged the seconds of the audio it stores
 * itself: an upload its full track and every stem; a fork only what it adds (stems added or replaced in the studio,
 * audio it replaced, a full track rendered "with this mix"), never the files it shares with the track it was forked
 * from. Every studio change moves `tracks.totalQuotaSeconds` by what these say, inside `changeWithinQuota` or
 * `removeStemRow` (repo.ts), so the sum over a user's active tracks (their used quota) stays exact.
 */

/** The seconds a stem costs its track: its length when the track stored it, nothing when it is shared. */
export function stemCharge(track: Pick<Track, "id">, stem: Pick<Stem, "fileKey" | "duration">): number {
  return storedBy(track.id, stem.fileKey) ? (stem.duration ?? 0) : 0;
}

/**
 * The seconds the track's full track costs it now: what its charge holds beyond its own stems. Zero while the full
 * track is shared; and a mix made again from the stems after a stem was removed keeps the full track's charge as it
 * was, so removing a stem never costs quota (modules/studio/regenerate.ts charges nothing).
 */
export function fullTrackCharge(track: Pick<Track, "id" | "totalQuotaSeconds">, stems: Stem[]): number {
  const ownStems = stems.reduce((sum, stem) => sum + stemCharge(track, stem), 0);
  return Math.max(0, track.totalQuotaSeconds - ownStems);
}
