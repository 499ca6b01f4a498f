import { type ReactNode, useEffect, useState } from "react";
import type { DeletedSortField, SortDirection } from "../../modules/lists/model";
import { ApiError } from "../lib/api";
import { showToast } from "../lib/toasts";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { AdminShell } from "./AdminShell";
import { DeletedTracksTable } from "./DeletedTracksTable";
import {
  DELETED_PAGE_SIZE,
  type DeletedTrack,
  fetchDeletedCount,
  fetchDeletedTracks,
  restoreDeletedTrack,
  type StatusFilter,
} from "./deleted-tracks";

interface View {
  status: StatusFilter;
  sortField: DeletedSortField;
  sortDirection: SortDirection;
  /** The cursor each visited page was fetched with; the last one is the current page (SPEC §4). */
  cursors: (string | null)[];
}

const FIRST_VIEW: View = { status: "ALL", sortField: "title", sortDirection: "asc", cursors: [null] };

/** A page as fetched, kept with the view it answers, so the rows, sort marks and 'Page N of M' agree. */
interface Loaded {
  view: View;
  items: DeletedTrack[];
  nextCursor: string | null;
  count: number;
}

function DeletedTracks() {
  const [view, setView] = useState<View>(FIRST_VIEW);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoringId, setRestoringId] = useState<string | null>(null);

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
        if (current) setLoaded({ view, items: page.items, nextCursor: page.metadata.nextCursor, count: total.count });
      })
      .catch((failure) => {
        console.error("Failed to load deleted tracks", failure);
        if (current) setError(failure instanceof Error ? failure.message : "An error occurred");
      });
    return () => {
      current = false;
    };
  }, [view]);

  const busy = loaded?.view !== view;
  // Changing the filter or the sort starts again at page 1 (SPEC §4).
  const setStatus = (status: StatusFilter) => setView({ ...view, status, cursors: [null] });
  const sortBy = (field: DeletedSortField) =>
    setView({
      ...view,
      sortField: field,
      sortDirection: view.sortField === field && view.sortDirection === "asc" ? "desc" : "asc",
      cursors: [null],
    });

  // A restore is the admin's own act, so its outcome is shown (a refusal says why: the grace period is over…); the
  // page is fetched again, as the track leaves the pending list.
  const restore = (track: DeletedTrack) => {
    setRestoringId(track.id);
    restoreDeletedTrack(track.id)
      .then(() => {
        showToast({
          type: "success",
          title: "Track restored",
          message: `"${track.title}" is active again; ${track.user.username} was notified.`,
        });
        setView({ ...view });
      })
      .catch((failure) => {
        console.error("Failed to restore the track", failure);
        showToast({
          type: "error",
          title: "Restore failed",
          message: failure instanceof ApiError ? failure.serverMessage : "An error occurred",
        });
      })
      .finally(() => setRestoringId(null));
  };

  let body: ReactNode;
  if (error) body = <ErrorView message={error} onRetry={() => setView({ ...view })} />;
  else if (!loaded) body = <Loading />;
  else {
    const shown = loaded.view;
    const pageNumber = shown.cursors.length;
    const pageCount = Math.max(1, Math.ceil(loaded.count / DELETED_PAGE_SIZE));
    body = (
      <div className={busy ? "is-busy" : undefined} aria-busy={busy}>
        <DeletedTracksTable
          items={loaded.items}
          sortField={shown.sortField}
          sortDirection={shown.sortDirection}
          onSort={sortBy}
          onRestore={restore}
          restoringId={restoringId}
        />
        <nav className="pagination" aria-label="Pagination">
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={busy || pageNumber === 1}
            onClick={() => setView({ ...shown, cursors: shown.cursors.slice(0, -1) })}
          >
            Previous
          </button>
          <span>
            Page {pageNumber} of {pageCount}
          </span>
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={busy || !loaded.nextCursor}
            onClick={() => setView({ ...shown, cursors: [...shown.cursors, loaded.nextCursor] })}
          >
            Next
          </button>
        </nav>
      </div>
    );
  }

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
        <p className="muted">{loaded ? `${loaded.count} ${loaded.count === 1 ? "track" : "tracks"}` : ""}</p>
      </div>
      {body}
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
