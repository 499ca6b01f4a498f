import { t } from "elysia";

/** GET, POST and DELETE /api/users/{username}/follow: whether the caller follows the artist, and how many do. */
export const FollowState = t.Object({
  following: t.Boolean(),
  /** Everyone following the artist, the caller included. */
  followers: t.Integer(),
});
export type FollowState = typeof FollowState.static;

/** The counts an artist's page shows. */
export const FollowCounts = t.Object({ followers: t.Integer(), following: t.Integer() });
export type FollowCounts = typeof FollowCounts.static;
