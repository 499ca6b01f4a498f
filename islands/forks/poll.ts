import type { TrackDetails } from "../../modules/tracks/model";
import { api, fresh, reply } from "../lib/api";
import { nextEventOrPoll, watchTrack } from "../lib/live-events";

/** SPEC §9 polling intervals of the fork studio, used while the event stream is down. */
export const STUDIO_POLL_MS = 3_000;
export const REGENERATION_POLL_MS = 2_000;
export const STEM_ADD_TIMEOUT_MS = 30_000;

/**
 * Asks GET /api/track/{id} (fresh) until `done` says so: whenever the event stream says the track's processing or
 * regeneration ended or the stream (re)opens, or every `everyMs` while the stream is down. Answers that track, or
 * null once `timeoutMs` has passed. A failed read is tried again on the next wake.
 */
export async function pollTrack(
  trackId: string,
  everyMs: number,
  done: (track: TrackDetails) => boolean,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<TrackDetails | null> {
  const deadline = Date.now() + timeoutMs;
  const ours = (event: { trackId: string }) => event.trackId === trackId;
  const stopWatching = watchTrack(trackId);
  const timeout = new AbortController();
  const timer = Number.isFinite(timeoutMs) ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
  try {
    for (;;) {
      await nextEventOrPoll({ processing: ours, regeneration: ours }, everyMs, timeout.signal);
      const track = await reply(api.track({ id: trackId }).get(fresh())).catch(() => null);
      if (track && done(track)) return track;
      if (Date.now() >= deadline) return null;
    }
  } finally {
    clearTimeout(timer);
    stopWatching();
  }
}

/** The full track's audio changed: a new waveform or MP3 URL (and, for a replacement, a length). */
export const audioChanged = (before: TrackDetails) => (track: TrackDetails) =>
  JSON.stringify(track.waveformData) !== JSON.stringify(before.waveformData) || track.fullTrackMp3Url !== before.fullTrackMp3Url;
