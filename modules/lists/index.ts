import { Elysia, t } from "elysia";
import { authGuard } from "../auth";
import { listAnswer } from "./answers";

export { cachedLists } from "./answers";

import { DeletedQuery, ListQuery, statusFilter, TrackPage } from "./model";
import { countDeletedTracks, listDeletedTracks, listTracks } from "./service";

/**
 * SPEC §7 Lists: keyset-paged track lists ({items, metadata: {nextCursor}}). The batch delete is modules/tracks'.
 * Answers are kept per version of what lists show (answers.ts): `cachedLists` sends a current one before
 * routing; the routes below build the others (and declare the schemas the OpenAPI document shows).
 */
export const listsModule = new Elysia({ name: "module.lists", prefix: "/tracks", detail: { tags: ["Track lists"] } })
  .use(authGuard)
  .get(
    "/public",
    ({ request, viewer, query }) => listAnswer(request, "anyone", null, () => listTracks("public", viewer, query)),
    {
      query: ListQuery,
      response: TrackPage,
    },
  )
  .get("/", ({ request, user, query }) => listAnswer(request, "viewer", user, () => listTracks("own", user, query)), {
    auth: true,
    query: ListQuery,
    response: TrackPage,
  })
  .get("/shared", ({ request, user, query }) => listAnswer(request, "viewer", user, () => listTracks("shared", user, query)), {
    auth: true,
    query: ListQuery,
    response: TrackPage,
  })
  .get(
    "/available",
    ({ request, user, query }) => listAnswer(request, "viewer", user, () => listTracks("available", user, query)),
    { auth: true, query: ListQuery, response: TrackPage },
  )
  .get("/deleted", ({ request, user, query }) => listAnswer(request, "admin", user, () => listDeletedTracks(query)), {
    admin: true,
    query: DeletedQuery,
    response: TrackPage,
  })
  .get("/deleted/count", ({ query }) => countDeletedTracks(query.status), {
    admin: true,
    query: t.Object({ status: statusFilter }),
    response: t.Object({ count: t.Number() }),
  });
