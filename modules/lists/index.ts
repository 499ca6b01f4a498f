import { Elysia, t } from "elysia";
import { oneOf } from "../../src/server/one-of";
import { authGuard } from "../auth";
import { SORT_DIRECTIONS, SORT_FIELDS } from "../tracks/service";
import { countDeletedTracks, DEFAULT_LIMIT, listDeletedTracks, listTracks, MAX_LIMIT } from "./service";

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
  // Absent sort parameters stay absent, so the service picks the defaults (SPEC §9: Newest First).
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

/** SPEC §7 Lists: keyset-paged track lists ({items, metadata: {nextCursor}}). The batch delete is modules/tracks'. */
export const listsModule = new Elysia({ name: "module.lists", prefix: "/tracks", detail: { tags: ["Track lists"] } })
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
  });
