import { Elysia, t } from "elysia";
import { notFound } from "../../src/server/errors";
import { jsonTextResponse } from "../../src/server/http/json-compression";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { publicProfileOf } from "../auth/service";
import { listAnswer } from "./answers";

export { cachedLists, listAnswer } from "./answers";

import { DeletedQuery, FilteredListQuery, ListQuery, statusFilter, TrackPage } from "./model";
import {
  type ArtistList,
  countDeletedTracks,
  listArtistTracks,
  listDeletedTracks,
  listFollowedTracks,
  listTracks,
  type PageQuery,
} from "./service";

/**
 * SPEC §7 Lists: keyset-paged track lists ({items, metadata: {nextCursor}}). The batch delete is modules/tracks'.
 * Answers are kept per version of what lists show (answers.ts): `cachedLists` sends a current one before
 * routing; the routes below build the others (and declare the schemas the OpenAPI document shows).
 */
export const listsModule = new Elysia({ name: "module.lists", prefix: "/tracks", detail: { tags: ["Track lists"] } })
  .use(authGuard)
  .get(
    "/public",
    ({ request, viewer, query }) => listAnswer(request, "anyone", null, () => listTracks("public", viewer, query, query)),
    { detail: { summary: "Public tracks, newest first, with filters" }, query: FilteredListQuery, response: TrackPage },
  )
  // "", not "/": declared "/" under this prefix, Elysia 1.4.30's own router (app.handle, as in-process tests call it)
  // answered GET /api/tracks 404 beside the tracks module's DELETE /api/tracks, where a listening server's router
  // found it (docs/upstream/elysia-prefix-root.md).
  .get("", ({ request, user, query }) => listAnswer(request, "viewer", user, () => listTracks("own", user, query)), {
    detail: { summary: "The signed-in user's own tracks" },
    auth: true,
    query: ListQuery,
    response: TrackPage,
  })
  .get("/shared", ({ request, user, query }) => listAnswer(request, "viewer", user, () => listTracks("shared", user, query)), {
    detail: { summary: "Tracks shared with the signed-in user" },
    auth: true,
    query: ListQuery,
    response: TrackPage,
  })
  .get(
    "/available",
    ({ request, user, query }) => listAnswer(request, "viewer", user, () => listTracks("available", user, query, query)),
    {
      detail: { summary: "Every track the signed-in user may see, with filters" },
      auth: true,
      query: FilteredListQuery,
      response: TrackPage,
    },
  )
  // Not kept with the other lists' answers: following someone changes it but raises no list content version.
  .get("/following", async ({ request, user, query }) => jsonTextResponse(await listFollowedTracks(user, query), request), {
    auth: true,
    query: ListQuery,
    response: { 200: TrackPage, ...refusals(400, 401) },
    detail: { summary: "Public tracks and forks of the artists you follow, newest first" },
  })
  .get("/deleted", ({ request, user, query }) => listAnswer(request, "admin", user, () => listDeletedTracks(query)), {
    detail: { summary: "Admins: tracks pending deletion or deleted" },
    admin: true,
    query: DeletedQuery,
    response: TrackPage,
  })
  .get("/deleted/count", ({ query }) => countDeletedTracks(query.status), {
    detail: { summary: "Admins: how many tracks are pending deletion or deleted" },
    admin: true,
    query: t.Object({ status: statusFilter }),
    response: t.Object({ count: t.Number() }),
  });

/** One list of an artist's page, for anyone: the artist named by the path, 404 when there is none. */
const artistList =
  (list: ArtistList) =>
  async ({ request, params, query }: { request: Request; params: { username: string }; query: PageQuery }) => {
    const artist = await publicProfileOf(params.username);
    if (!artist) throw notFound("User not found");
    return listAnswer(request, "anyone", null, () => listArtistTracks(list, artist.id, query));
  };
const artistListOptions = (summary: string) => ({
  params: t.Object({ username: t.String() }),
  query: ListQuery,
  response: TrackPage,
  detail: { summary },
});

/** The lists of an artist's page (`/u/{username}`): public, active tracks only, the same for everyone. */
export const artistListsModule = new Elysia({ name: "module.lists.artists", prefix: "/users", detail: { tags: ["Artists"] } })
  .get("/:username/tracks", artistList("tracks"), artistListOptions("An artist's public tracks, forks included"))
  .get("/:username/forks", artistList("forks"), artistListOptions("An artist's public forks"))
  .get("/:username/forked", artistList("forked"), artistListOptions("Public forks others made of an artist's tracks"));
