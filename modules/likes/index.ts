import { Elysia, t } from "elysia";
import { jsonTextResponse } from "../../src/server/http/json-compression";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { alsoOnLeaving } from "../auth/service";
import { ListQuery, TrackPage } from "../lists/model";
import { userLikes } from "../tracks/service";
import { LikedQuery, LikedTracks, LikeSettings, LikeState } from "./model";
import * as likes from "./service";

alsoOnLeaving(likes.leaveLikes);
userLikes.provide(likes.userLikes);

const onTrack = (summary: string, ...more: 429[]) => ({
  auth: true as const,
  params: t.Object({ id: t.String() }),
  response: { 200: LikeState, ...refusals(401, 404, ...more) },
  detail: { summary },
});

/** Likes: a signed-in user likes or unlikes a track they may see; a user's likes page lists what they like. */
export const likesModule = new Elysia({ name: "module.likes", detail: { tags: ["Likes"] } })
  .use(authGuard)
  .get("/track/:id/like", ({ user, params }) => likes.likeState(user, params.id), onTrack("Whether you like a track"))
  .put("/track/:id/like", ({ user, params }) => likes.like(user, params.id), onTrack("Like a track", 429))
  .delete("/track/:id/like", ({ user, params }) => likes.unlike(user, params.id), onTrack("Stop liking a track", 429))
  .get("/likes", ({ user, query }) => likes.likedAmong(user, query.trackIds), {
    auth: true,
    query: LikedQuery,
    response: { 200: LikedTracks, ...refusals(400, 401) },
    detail: { summary: "Which of these tracks you like" },
  })
  .get("/likes/settings", ({ user }) => likes.likeSettings(user), {
    auth: true,
    response: { 200: LikeSettings, ...refusals(401) },
    detail: { summary: "Whether your likes page is public" },
  })
  .put("/likes/settings", ({ user, body }) => likes.changeLikeSettings(user, body), {
    auth: true,
    body: LikeSettings,
    response: { 200: LikeSettings, ...refusals(400, 401) },
    detail: { summary: "Make your likes page public or keep it to yourself" },
  })
  .get(
    "/users/:username/likes",
    async ({ request, viewer, params, query }) =>
      jsonTextResponse(await likes.likesPage(viewer, params.username, query), request),
    {
      params: t.Object({ username: t.String() }),
      query: ListQuery,
      response: { 200: TrackPage, ...refusals(400, 403, 404) },
      detail: { summary: "The public tracks a user likes, newest first" },
    },
  );
