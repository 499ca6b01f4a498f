import { map } from "nanostores";

/**
 * What this page knows of a track's likes: whether the signed-in reader likes it and, once the server has said so
 * (a like's answer, the track page, the player bar), its count. Cards learn only the first (their count is the
 * list's, which may lag), so a card never puts an older count over a newer page's.
 */
export interface KnownLike {
  likedByMe: boolean;
  likeCount?: number;
}

/**
 * Each track's KnownLike, by id. The hearts of the track page, the cards and the player bar, and the page's Likes
 * figure all read it, so a like anywhere shows everywhere at once.
 */
export const $likeStates = map<Record<string, KnownLike>>({});
