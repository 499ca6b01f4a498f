import type { DeletedSortField, DeletedStatus, SortDirection } from "../../modules/lists/model";
import type { TrackListItem } from "../../modules/tracks/model";
import { api, fresh, reply } from "../lib/api";

/** SPEC §9: the admin list shows 10 a page, sorted by title ascending at first. */
export const DELETED_PAGE_SIZE = 10;

/** SPEC §7: all statuses, or one. */
export type StatusFilter = "ALL" | DeletedStatus;
export type DeletedTrack = TrackListItem;

export interface DeletedTracksQuery {
  status: StatusFilter;
  sortField: DeletedSortField;
  sortDirection: SortDirection;
  cursor: string | null;
}

/** SPEC §7: status is omitted for All. */
const statusParam = (status: StatusFilter) => (status === "ALL" ? undefined : status);

export function fetchDeletedTracks(query: DeletedTracksQuery) {
  return reply(
    api.tracks.deleted.get({
      ...fresh(),
      query: {
        limit: DELETED_PAGE_SIZE,
        status: statusParam(query.status),
        cursor: query.cursor ?? undefined,
        sortField: query.sortField,
        sortDirection: query.sortDirection,
      },
    }),
  );
}

/** Brings a track pending deletion back (its owner is told); 409 with the reason once it cannot be. */
export function restoreDeletedTrack(id: string) {
  return reply(api.track({ id }).restore.post());
}

export function fetchDeletedCount(status: StatusFilter) {
  return reply(api.tracks.deleted.count.get({ ...fresh(), query: { status: statusParam(status) } }));
}

/** What the list items carry of SPEC §2 'Total Size': the original, the MP3 and the cover. */
export function totalSizeBytes(track: Pick<DeletedTrack, "originalSizeBytes" | "mp3SizeBytes" | "coverArtSizeBytes">): number {
  return track.originalSizeBytes + track.mp3SizeBytes + track.coverArtSizeBytes;
}

/** SPEC §4: PENDING_DELETION is a warning, DELETED an error, anything else reads 'Active'. */
export function statusBadge(status: string): { label: string; tone: "warning" | "error" | "ok" } {
  if (status === "PENDING_DELETION") return { label: "Pending Deletion", tone: "warning" };
  if (status === "DELETED") return { label: "Deleted", tone: "error" };
  return { label: "Active", tone: "ok" };
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** '3 minutes ago', 'yesterday'…, in the reader's locale; a dash when there is no date. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "—";
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of RELATIVE_UNITS)
    if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.round(seconds / size), unit);
  return "—";
}
