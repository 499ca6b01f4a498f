import { t } from "elysia";

export { MAX_ASKED_TRACKS } from "../../src/shared/likes";

/** GET, PUT and DELETE /api/track/{id}/like: whether the caller likes the track, and how many do. */
export const LikeState = t.Object({
  likedByMe: t.Boolean(),
  /** Everyone who likes the track, the caller included. */
  likeCount: t.Integer(),
});
export type LikeState = typeof LikeState.static;

/** GET and PUT /api/likes/settings: whether the user's likes page is open to everyone. */
export const LikeSettings = t.Object({
  /** True: anyone may read `/u/{username}/likes` (the default); false: only the user. */
  public: t.Boolean(),
});
export type LikeSettings = typeof LikeSettings.static;

export const LikedQuery = t.Object({
  trackIds: t.String({
    pattern: "^[A-Za-z0-9-]{1,64}(,[A-Za-z0-9-]{1,64})*$",
    error: "trackIds must be comma-separated track ids",
  }),
});
/** GET /api/likes: which of the tracks asked about the caller likes. */
export const LikedTracks = t.Object({ trackIds: t.Array(t.String()) });
export type LikedTracks = typeof LikedTracks.static;

/**
 * Likes and unlikes one user may make per window: far more than anyone clicking a heart, few enough that a script
 * cannot churn a track's count (and its owner's notifications).
 */
export const LIKES_PER_WINDOW = 120;
export const LIKE_WINDOW_SECONDS = 10 * 60;
/** At most one "ana liked Undertow" per track per this long, however many like it meanwhile. */
export const LIKE_NOTICE_SECONDS = 60 * 60;
