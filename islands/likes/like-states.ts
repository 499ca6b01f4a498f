import { MAX_ASKED_TRACKS } from "../../src/shared/likes";
import { ApiError, api, reply } from "../lib/api";
import { showToast } from "../lib/toasts";
import { $likeStates } from "./like-store";

const asked = new Set<string>();

/** Asks the reader's state of one track once per page (the track page and the player bar). */
export function askLikeState(trackId: string): void {
  if (asked.has(trackId) || $likeStates.get()[trackId]) return;
  asked.add(trackId);
  reply(api.track({ id: trackId }).like.get())
    .then((state) => $likeStates.setKey(trackId, state))
    .catch(() => asked.delete(trackId));
}

/**
 * Asks which of a page of cards the reader likes, in one request; each card keeps the count it was rendered with
 * (lists may show counts a little late), and the state of tracks already known stays as it is.
 */
export function askLikedAmong(tracks: { id: string; likeCount: number }[]): void {
  const unknown = tracks.filter((track) => !asked.has(track.id) && !$likeStates.get()[track.id]);
  // The server answers for at most MAX_ASKED_TRACKS at a time; a long list asks in turns.
  for (let start = 0; start < unknown.length; start += MAX_ASKED_TRACKS) askAbout(unknown.slice(start, start + MAX_ASKED_TRACKS));
}

function askAbout(unknown: { id: string; likeCount: number }[]): void {
  for (const track of unknown) asked.add(track.id);
  reply(api.likes.get({ query: { trackIds: unknown.map((track) => track.id).join(",") } }))
    .then(({ trackIds }) => {
      const liked = new Set(trackIds);
      for (const track of unknown)
        if (!$likeStates.get()[track.id])
          $likeStates.setKey(track.id, { likedByMe: liked.has(track.id), likeCount: track.likeCount });
    })
    .catch(() => {
      for (const track of unknown) asked.delete(track.id);
    });
}

/**
 * Likes or unlikes a track: the heart turns at once, then shows what the server answered; a refusal (a track gone
 * private, the rate limit) turns it back and says why.
 */
export async function setLiked(trackId: string, liked: boolean, shownCount: number): Promise<void> {
  const before = $likeStates.get()[trackId] ?? { likedByMe: !liked, likeCount: shownCount };
  $likeStates.setKey(trackId, { likedByMe: liked, likeCount: Math.max(0, before.likeCount + (liked ? 1 : -1)) });
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
  }
}
