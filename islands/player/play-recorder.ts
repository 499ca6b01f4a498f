import { api, reply } from "../lib/api";
import { readStored, writeStored } from "../lib/browser-storage";
import { randomId } from "../lib/random-id";
import { storageKey } from "../lib/storage-keys";
import { playCounted } from "./counted-plays";

/** SPEC §9: a play counts after 5 s of listening, at most once per hour per track (and listener). */
export const PLAY_THRESHOLD_SECONDS = 5;
export const PLAY_INTERVAL_MS = 60 * 60 * 1000;
const ANONYMOUS_ID_KEY = storageKey("plays", "anonymous-id");
const lastPlayKey = (target: string) => storageKey("plays", `last:${target}`);

/** A visitor's anonymous listener id, kept for the browser session (SPEC §9: session storage; the page's memory where refused). */
export function anonymousListenerId(): string {
  let id = readStored("session", ANONYMOUS_ID_KEY);
  if (!id) {
    id = randomId();
    writeStored("session", ANONYMOUS_ID_KEY, id);
  }
  return id;
}

/**
 * The seconds of listening a playhead step stands for: a step forward no longer than the time that passed (and a
 * little more for the player's own jitter) was heard; a longer one, or one back, is a seek. A loaded machine reports
 * the playhead seldom, so a step's size alone cannot tell listening from seeking.
 */
export function listenedSeconds(step: number, elapsedSeconds: number): number {
  return step > 0 && step <= elapsedSeconds + 0.5 ? step : 0;
}

export interface PlayTarget {
  trackId: string;
  stemId?: string;
  playbackSource: "STREAM" | "SYNCED";
}

/**
 * Counts seconds actually listened (seek jumps excluded) and records one PLAY once the threshold is
 * passed, unless this browser recorded one for the same target within the hour. A play the server
 * counted is announced to the page's counters; failures are only logged (SPEC §8).
 */
export function createPlayRecorder(target: PlayTarget) {
  const key = lastPlayKey(target.stemId ? `${target.trackId}:${target.stemId}` : target.trackId);
  let listened = 0;
  let last: { position: number; at: number } | null = null;
  let recorded = false;

  function recentlyRecorded(): boolean {
    const last = Number(readStored("local", key) ?? 0);
    return Date.now() - last < PLAY_INTERVAL_MS;
  }

  function record(): void {
    recorded = true;
    if (recentlyRecorded()) return;
    writeStored("local", key, String(Date.now()));
    const body = {
      eventType: "PLAY" as const,
      playbackSource: target.playbackSource,
      duration: Math.round(listened),
      anonymousId: anonymousListenerId(),
    };
    const track = api.track({ id: target.trackId });
    const usage = target.stemId ? track.stem({ stemId: target.stemId }).usage : track.usage;
    reply(usage.post(body)).then(
      ({ counted }) => counted && playCounted(target.trackId),
      (error) => console.warn("Could not record the play", error),
    );
  }

  return {
    /** Called with the playhead while audio plays. */
    progress(position: number): void {
      if (recorded) return;
      const at = performance.now();
      if (last !== null) listened += listenedSeconds(position - last.position, (at - last.at) / 1000);
      last = { position, at };
      if (listened >= PLAY_THRESHOLD_SECONDS) record();
    },
    /** Called on pause or seek so the next progress does not count the jump. */
    interrupt(): void {
      last = null;
    },
  };
}
