import type { DeletedSortField, SortDirection } from "../../modules/lists/model";
import { formatDuration, formatFileSize, formatQuotaDuration } from "../lib/format";
import { type DeletedTrack, relativeTime, statusBadge, totalSizeBytes } from "./deleted-tracks";

interface Props {
  items: DeletedTrack[];
  sortField: DeletedSortField;
  sortDirection: SortDirection;
  onSort: (field: DeletedSortField) => void;
  /** Only tracks PENDING_DELETION offer it: a DELETED one has no files left. */
  onRestore: (track: DeletedTrack) => void;
  /** The track being restored, whose button waits. */
  restoringId: string | null;
}

/** A column header that sorts by its field; aria-sort tells screen readers the current order. */
function SortableHeader({ field, label, ...props }: Props & { field: DeletedSortField; label: string }) {
  const active = props.sortField === field;
  return (
    <th scope="col" aria-sort={active ? (props.sortDirection === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" className="sort-button" onClick={() => props.onSort(field)}>
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (props.sortDirection === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

export function DeletedTracksTable(props: Props) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on narrow screens, so keyboards must reach it (WCAG 2.1.1)
    <section className="table-wrap" aria-label="Deleted tracks" tabIndex={0}>
      <table className="data">
        <caption className="visually-hidden">Deleted tracks</caption>
        <thead>
          <tr>
            <SortableHeader {...props} field="title" label="Title" />
            <th scope="col">Uploader</th>
            <th scope="col">Status</th>
            <th scope="col">Deleted</th>
            <SortableHeader {...props} field="duration" label="Duration" />
            <th scope="col">Total Quota</th>
            <th scope="col">Total Size</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.items.length === 0 && (
            <tr>
              <td colSpan={8} className="empty-row">
                No deleted tracks
              </td>
            </tr>
          )}
          {props.items.map((track) => {
            const badge = statusBadge(track.status);
            return (
              <tr key={track.id}>
                <td>
                  <strong className="cell-title">{track.title}</strong>
                  <span className="cell-sub">by {track.primaryArtistName}</span>
                </td>
                <td>{track.user.username}</td>
                <td>
                  <span className={`status-badge status-${badge.tone}`}>{badge.label}</span>
                </td>
                <td>
                  {track.deletedAt ? (
                    <time dateTime={track.deletedAt} title={new Date(track.deletedAt).toLocaleString()}>
                      {relativeTime(track.deletedAt)}
                    </time>
                  ) : (
                    "—"
                  )}
                </td>
                <td>{formatDuration(track.duration)}</td>
                <td>{formatQuotaDuration(track.totalQuotaSeconds)}</td>
                <td>{formatFileSize(totalSizeBytes(track))}</td>
                <td>
                  {track.status === "PENDING_DELETION" && (
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      aria-label={`Restore ${track.title}`}
                      disabled={props.restoringId !== null}
                      onClick={() => props.onRestore(track)}
                    >
                      {props.restoringId === track.id ? "Restoring..." : "Restore"}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
