import { config } from "../../src/server/config";
import { holdLock, transaction } from "../../src/server/db/transaction";
import { badRequest } from "../../src/server/errors";
import { createRateLimiter } from "../../src/server/http/rate-limit";
import { perRuntime } from "../../src/server/runtime";
import { incrementPlays, type Stem, type Track } from "../tracks/service";
import { ANONYMOUS_PLAYS_PER_IP, MIN_PLAY_SECONDS } from "./limits";
import { playsRepo } from "./repo";

export interface PlayInput {
  eventType: "PLAY";
  playbackSource: "STREAM" | "SYNCED";
  duration: number;
}

/** A signed-in user is counted by id; a visitor by the anonymous id their browser keeps (and their IP). */
export type Listener = { userId: string } | { anonymousId: string; ip: string };
const anonymousPlaysByIp = perRuntime(({ config }) =>
  createRateLimiter("visitor-plays", ANONYMOUS_PLAYS_PER_IP, config.playCountWindowSeconds * 1000),
);

const listenerKey = (listener: Listener) => ("userId" in listener ? listener.userId : `anon:${listener.anonymousId}`);

/**
 * Counts a play at most once per window (an hour) per track and listener. Stem plays count toward
 * their track under the same rule, so synced playback of a track and its stems is one play.
 * Shorter listening is refused with 400 rather than silently dropped, so a client bug shows.
 */
export async function recordPlay(
  track: Track,
  stem: Stem | null,
  listener: Listener,
  input: PlayInput,
): Promise<{ counted: boolean }> {
  if (input.duration < MIN_PLAY_SECONDS) throw badRequest(`A play needs at least ${MIN_PLAY_SECONDS} seconds of listening`);
  const key = listenerKey(listener);
  const now = new Date();
  const since = new Date(now.getTime() - config().playCountWindowSeconds * 1000);
  const ipKey = "ip" in listener ? `${listener.ip}:${track.id}` : null;
  if (ipKey && (await anonymousPlaysByIp().blocked(ipKey))) return { counted: false };
  // One transaction, so a check and the insert it allows cannot interleave with another request's. On PostgreSQL
  // that takes a lock too: plays racing on several connections would each find none counted and all count.
  const result = await transaction(async (tx) => {
    await holdLock(tx, `plays: ${track.id} ${key}`);
    if (await playsRepo.countedSince(track.id, key, since, tx)) return { counted: false };
    await playsRepo.insert(
      {
        trackId: track.id,
        stemId: stem?.id ?? null,
        listenerKey: key,
        eventType: input.eventType,
        playbackSource: input.playbackSource,
        duration: input.duration,
        countedAt: now,
      },
      tx,
    );
    await incrementPlays(track.id, tx);
    return { counted: true };
  });
  // The address's window lives in the database (shared by every instance), counted once the play is.
  if (result.counted && ipKey) await anonymousPlaysByIp().hit(ipKey);
  return result;
}
