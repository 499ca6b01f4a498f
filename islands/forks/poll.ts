import type { TrackDetails } from "../../modules/tracks/model";
import { api, fresh, reply } from "../lib/api";

/** SPEC §9 polling intervals of the fork studio. */
export const STUDIO_POLL_MS = 3_000;
export const REGENERATION_POLL_MS = 2_000;
export const STEM_ADD_TIMEOUT_MS = 30_000;

/**
 * Asks GET /api/track/{id} (fresh) every `everyMs` until `done` says so; answers that track, or null
 * once `timeoutMs` has passed. A failed poll is tried again on the next tick.
 */
export async function pollTrack(
  trackId: string,
  everyMs: number,
  done: (track: TrackDetails) => boolean,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<TrackDetails | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    const track = await reply(api.track({ id: trackId }).get(fresh())).catch(() => null);
    if (track && done(track)) return track;
    if (Date.now() >= deadline) return null;
  }
}

/** The full track's audio changed: a new waveform or MP3 URL (and, for a replacement, a length). */
export const audioChanged = (before: TrackDetails) => (track: TrackDetails) =>
  JSON.stringify(track.waveformData) !== JSON.stringify(before.waveformData) || track.fullTrackMp3Url !== before.fullTrackMp3Url;
