import { Elysia, t } from "elysia";
import { authGuard } from "../auth";
import { DeletedQuery, ListQuery, statusFilter, TrackPage } from "./model";
import { countDeletedTracks, listDeletedTracks, listTracks } from "./service";

/** SPEC §7 Lists: keyset-paged track lists ({items, metadata: {nextCursor}}). The batch delete is modules/tracks'. */
export const listsModule = new Elysia({ name: "module.lists", prefix: "/tracks", detail: { tags: ["Track lists"] } })
  .use(authGuard)
  .get("/public", ({ viewer, query }) => listTracks("public", viewer, query), { query: ListQuery, response: TrackPage })
  .get("/", ({ user, query }) => listTracks("own", user, query), { auth: true, query: ListQuery, response: TrackPage })
  .get("/shared", ({ user, query }) => listTracks("shared", user, query), { auth: true, query: ListQuery, response: TrackPage })
  .get("/available", ({ user, query }) => listTracks("available", user, query), {
    auth: true,
    query: ListQuery,
    response: TrackPage,
  })
  .get("/deleted", ({ query }) => listDeletedTracks(query), { admin: true, query: DeletedQuery, response: TrackPage })
  .get("/deleted/count", ({ query }) => countDeletedTracks(query.status), {
    admin: true,
    query: t.Object({ status: statusFilter }),
    response: t.Object({ count: t.Number() }),
  });
