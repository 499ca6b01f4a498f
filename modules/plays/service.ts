import { config } from "../../src/server/config";
import { badRequest } from "../../src/server/errors";
import { incrementPlays } from "../tracks/counters";
import type { Stem, Track } from "../tracks/schema";
import { playsRepo } from "./repo";

/** SPEC §4/§9: a play needs 5 seconds of listening. */
export const MIN_PLAY_SECONDS = 5;

export interface PlayInput {
  eventType: "PLAY";
  playbackSource: "STREAM" | "SYNCED";
  duration: number;
}

/** A signed-in user is counted by id; a visitor by the anonymous id their browser keeps. */
export type Listener = { userId: string } | { anonymousId: string };

const listenerKey = (listener: Listener) => ("userId" in listener ? listener.userId : `anon:${listener.anonymousId}`);

/**
 * Counts a play at most once per window (an hour) per track and listener. Stem plays count toward
 * their track under the same rule, so synced playback of a track and its stems is one play.
 * Shorter listening is refused with 400 rather than silently dropped, so a client bug shows.
 */
export function recordPlay(track: Track, stem: Stem | null, listener: Listener, input: PlayInput): { counted: boolean } {
  if (input.duration < MIN_PLAY_SECONDS) throw badRequest(`A play needs at least ${MIN_PLAY_SECONDS} seconds of listening`);
  const key = listenerKey(listener);
  const now = new Date();
  const since = new Date(now.getTime() - config.playCountWindowSeconds * 1000);
  return playsRepo.transaction(() => {
    if (playsRepo.countedSince(track.id, key, since)) return { counted: false };
    playsRepo.insert({
      trackId: track.id,
      stemId: stem?.id ?? null,
      listenerKey: key,
      eventType: input.eventType,
      playbackSource: input.playbackSource,
      duration: input.duration,
      countedAt: now,
    });
    incrementPlays(track.id);
    return { counted: true };
  });
}
