import { Elysia, t } from "elysia";
import { oneOf } from "../../src/server/one-of";
import { authGuard } from "../auth/guard";
import { SORT_DIRECTIONS, SORT_FIELDS } from "./cursor";
import { countDeletedTracks, DEFAULT_LIMIT, deleteTracks, listDeletedTracks, listTracks, MAX_LIMIT } from "./lists-service";

const MAX_DELETE_BATCH = 100;
const DELETED_STATUSES = ["PENDING_DELETION", "DELETED"] as const;

const paging = {
  cursor: t.Optional(t.String({ error: "Invalid cursor" })),
  limit: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_LIMIT,
      error: `limit must be a whole number from 1 to ${MAX_LIMIT}`,
    }),
  ),
  // Absent sort parameters stay absent, so lists-service picks the defaults (SPEC §9: Newest First).
  sortDirection: t.Optional(oneOf(SORT_DIRECTIONS, "sortDirection must be asc or desc")),
};
const ListQuery = t.Object({
  ...paging,
  sortField: t.Optional(oneOf(SORT_FIELDS, `sortField must be one of ${SORT_FIELDS.join(", ")}`)),
});
const DELETED_SORT_FIELDS = ["title", "duration", "primaryArtistName"] as const;
// Omitted means "All" (SPEC §7), never the first status.
const statusFilter = t.Optional(oneOf(DELETED_STATUSES, "status must be PENDING_DELETION or DELETED"));
const DeletedQuery = t.Object({
  ...paging,
  sortField: t.Optional(oneOf(DELETED_SORT_FIELDS, `sortField must be one of ${DELETED_SORT_FIELDS.join(", ")}`)),
  status: statusFilter,
});

/** SPEC §7 Lists: keyset-paged track lists ({items, metadata: {nextCursor}}) and the batch delete. */
export const trackListsModule = new Elysia({ name: "module.tracks.lists", prefix: "/tracks", detail: { tags: ["Track lists"] } })
  .use(authGuard)
  .get("/public", ({ viewer, query }) => listTracks("public", viewer, query), { query: ListQuery })
  .get("/", ({ user, query }) => listTracks("own", user, query), { auth: true, query: ListQuery })
  .get("/shared", ({ user, query }) => listTracks("shared", user, query), { auth: true, query: ListQuery })
  .get("/available", ({ user, query }) => listTracks("available", user, query), { auth: true, query: ListQuery })
  .get("/deleted", ({ query }) => listDeletedTracks(query), { admin: true, query: DeletedQuery })
  .get("/deleted/count", ({ query }) => countDeletedTracks(query.status), {
    admin: true,
    query: t.Object({ status: statusFilter }),
    response: t.Object({ count: t.Number() }),
  })
  .delete("/", ({ user, body }) => deleteTracks(user, body.trackIds), {
    auth: true,
    body: t.Object({
      trackIds: t.Array(t.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: MAX_DELETE_BATCH,
        error: `trackIds must list 1 to ${MAX_DELETE_BATCH} track ids`,
      }),
    }),
    response: t.Object({ deletedIds: t.Array(t.String()) }),
  });
