import { useEffect, useState } from "react";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { AdminShell } from "./AdminShell";
import { DeletedTracksTable } from "./DeletedTracksTable";
import {
  DELETED_PAGE_SIZE,
  type DeletedTrack,
  fetchDeletedCount,
  fetchDeletedTracks,
  type SortDirection,
  type SortField,
  type StatusFilter,
} from "./deleted-tracks";

interface View {
  status: StatusFilter;
  sortField: SortField;
  sortDirection: SortDirection;
  /** The cursor each visited page was fetched with; the last one is the current page (SPEC §4). */
  cursors: (string | null)[];
}

const FIRST_VIEW: View = { status: "ALL", sortField: "title", sortDirection: "asc", cursors: [null] };

function DeletedTracks() {
  const [view, setView] = useState<View>(FIRST_VIEW);
  const [items, setItems] = useState<DeletedTrack[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);

  // Every change of view (including a retry, which sets an equal copy) fetches its page again.
  useEffect(() => {
    let current = true;
    setError(null);
    const cursor = view.cursors.at(-1) ?? null;
    Promise.all([
      fetchDeletedTracks({ status: view.status, sortField: view.sortField, sortDirection: view.sortDirection, cursor }),
      fetchDeletedCount(view.status),
    ])
      .then(([page, total]) => {
        if (!current) return;
        setItems(page.items);
        setNextCursor(page.metadata.nextCursor);
        setCount(total.count);
      })
      .catch((failure) => {
        console.error("Failed to load deleted tracks", failure);
        if (current) setError(failure instanceof Error ? failure.message : "An error occurred");
      });
    return () => {
      current = false;
    };
  }, [view]);

  // Changing the filter or the sort starts again at page 1 (SPEC §4).
  const setStatus = (status: StatusFilter) => setView({ ...view, status, cursors: [null] });
  const sortBy = (field: SortField) =>
    setView({
      ...view,
      sortField: field,
      sortDirection: view.sortField === field && view.sortDirection === "asc" ? "desc" : "asc",
      cursors: [null],
    });
  const pageNumber = view.cursors.length;
  const pageCount = Math.max(1, Math.ceil(count / DELETED_PAGE_SIZE));

  return (
    <section className="deleted-tracks">
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor="deleted-status">Status</label>
          <select id="deleted-status" value={view.status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="ALL">All</option>
            <option value="PENDING_DELETION">Pending Deletion</option>
            <option value="DELETED">Deleted</option>
          </select>
        </div>
        <p className="muted">{items ? `${count} ${count === 1 ? "track" : "tracks"}` : ""}</p>
      </div>
      {error ? (
        <ErrorView message={error} onRetry={() => setView({ ...view })} />
      ) : items === null ? (
        <Loading />
      ) : (
        <>
          <DeletedTracksTable items={items} sortField={view.sortField} sortDirection={view.sortDirection} onSort={sortBy} />
          <nav className="pagination" aria-label="Pagination">
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={pageNumber === 1}
              onClick={() => setView({ ...view, cursors: view.cursors.slice(0, -1) })}
            >
              Previous
            </button>
            <span>
              Page {pageNumber} of {pageCount}
            </span>
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={!nextCursor}
              onClick={() => setView({ ...view, cursors: [...view.cursors, nextCursor] })}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

export default function DeletedTracksPage() {
  return (
    <AdminShell current="/admin/deleted-tracks">
      <DeletedTracks />
    </AdminShell>
  );
}
