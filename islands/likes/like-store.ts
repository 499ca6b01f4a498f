import { map } from "nanostores";
import type { LikeState } from "../../modules/likes/model";

/**
 * What this page knows of each track's likes, by track id: whether the signed-in reader likes it, and its count. The
 * hearts of the track page, the cards and the player bar, and the page's Likes figure all read it, so a like anywhere
 * shows everywhere at once. A track not in it shows the count the page was rendered with and an unpressed heart.
 */
export const $likeStates = map<Record<string, LikeState>>({});
