import { MAX_ASKED_TRACKS } from "../../src/shared/likes";
import { ApiError, api, reply } from "../lib/api";
import { showToast } from "../lib/toasts";
import { $likeStates, type KnownLike } from "./like-store";

/** Tracks whose state a request is fetching or changing now: a second press waits for the first's answer. */
const busy = new Set<string>();

/** What the server rendered for a page's reader (the track page's `likedByMe` and count): the freshest there is. */
export function knowLike(trackId: string, known: Required<KnownLike>): void {
  $likeStates.setKey(trackId, known);
}

/** Asks the reader's state of one track (the player bar's heart, for whatever plays). */
export function askLikeState(trackId: string): void {
  if (busy.has(trackId) || $likeStates.get()[trackId]?.likeCount !== undefined) return;
  busy.add(trackId);
  reply(api.track({ id: trackId }).like.get())
    .then((state) => $likeStates.setKey(trackId, state))
    .catch((error) => console.error("Reading a like failed", error))
    .finally(() => busy.delete(trackId));
}

/** Asks which of a page of cards the reader likes, in requests of at most MAX_ASKED_TRACKS; known ones are not asked. */
export function askLikedAmong(tracks: { id: string }[]): void {
  const unknown = tracks.map((track) => track.id).filter((id) => !busy.has(id) && !$likeStates.get()[id]);
  for (let start = 0; start < unknown.length; start += MAX_ASKED_TRACKS) {
    const ids = unknown.slice(start, start + MAX_ASKED_TRACKS);
    for (const id of ids) busy.add(id);
    reply(api.likes.get({ query: { trackIds: ids.join(",") } }))
      .then(({ trackIds }) => {
        const liked = new Set(trackIds);
        for (const id of ids) if (!$likeStates.get()[id]) $likeStates.setKey(id, { likedByMe: liked.has(id) });
      })
      .catch((error) => console.error("Reading likes failed", error))
      .finally(() => {
        for (const id of ids) busy.delete(id);
      });
  }
}

/**
 * Likes or unlikes a track: the heart turns at once, then shows what the server answered; a refusal (a track gone
 * private, the rate limit) turns it back and says why. A press while another is on its way does nothing.
 */
export async function setLiked(trackId: string, liked: boolean): Promise<void> {
  if (busy.has(trackId)) return;
  busy.add(trackId);
  const before = $likeStates.get()[trackId] ?? { likedByMe: !liked };
  const shown = before.likeCount;
  $likeStates.setKey(trackId, {
    likedByMe: liked,
    ...(shown === undefined ? {} : { likeCount: Math.max(0, shown + (liked ? 1 : -1)) }),
  });
  try {
    const route = api.track({ id: trackId }).like;
    $likeStates.setKey(trackId, await reply(liked ? route.put() : route.delete()));
  } catch (error) {
    $likeStates.setKey(trackId, before);
    showToast({
      type: "error",
      title: liked ? "Liking failed" : "Unliking failed",
      message: error instanceof ApiError ? error.serverMessage : "An error occurred",
    });
  } finally {
    busy.delete(trackId);
  }
}
