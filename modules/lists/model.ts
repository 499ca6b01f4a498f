import { t } from "elysia";
import { oneOf } from "../../src/server/http/one-of";
import { trackFilters } from "../track-filters/model";
import { TrackListItem } from "../tracks/model";

/** SPEC §9 sorts. Every list breaks ties by id, so an order is total and a cursor names one exact place. */
export const SORT_FIELDS = ["createdAt", "title", "duration", "primaryArtistName", "likeCount"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface Sort {
  field: SortField;
  direction: SortDirection;
}

/** The last item a page showed: its sort value (null only for a duration still being measured) and id. */
export interface Position {
  value: string | number | null;
  id: string;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** The statuses of deleted tracks the admin list shows (SPEC §7), all of them when none is asked for. */
export const DELETED_STATUSES = ["PENDING_DELETION", "DELETED"] as const;
export type DeletedStatus = (typeof DELETED_STATUSES)[number];

/** The paging parameters every keyset list takes (the lists, search). */
export const paging = {
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
const sortField = t.Optional(oneOf(SORT_FIELDS, `sortField must be one of ${SORT_FIELDS.join(", ")}`));
export const ListQuery = t.Object({ ...paging, sortField });
/** The public and available lists (the home page's) also take search's track filters, with the same rules. */
export const FilteredListQuery = t.Object({ ...paging, sortField, ...trackFilters });
export type FilteredListQuery = typeof FilteredListQuery.static;
const DELETED_SORT_FIELDS = ["title", "duration", "primaryArtistName"] as const;
export type DeletedSortField = (typeof DELETED_SORT_FIELDS)[number];
// Omitted means "All" (SPEC §7), never the first status.
export const statusFilter = t.Optional(oneOf(DELETED_STATUSES, "status must be PENDING_DELETION or DELETED"));
export const DeletedQuery = t.Object({
  ...paging,
  sortField: t.Optional(oneOf(DELETED_SORT_FIELDS, `sortField must be one of ${DELETED_SORT_FIELDS.join(", ")}`)),
  status: statusFilter,
});

/** SPEC §3 paged list: one page of list-sized Tracks and the cursor of the next page (null on the last). */
export const TrackPage = t.Object({
  items: t.Array(TrackListItem),
  metadata: t.Object({ nextCursor: t.Nullable(t.String()) }),
});
export type TrackPage = typeof TrackPage.static;
