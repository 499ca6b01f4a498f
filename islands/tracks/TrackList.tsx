import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { TrackListItem } from "../../modules/tracks/model";
import { DEFAULT_SORT, type SortKey } from "../../src/shared/sort-options";
import { api, reply } from "../lib/api";
import { onLiveEvent } from "../lib/live-events";
import { showToast } from "../lib/toasts";
import { useLikedAmong } from "../likes/use-liked-among";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { DeleteDialog } from "./DeleteDialog";
import { PlayAll } from "./PlayAll";
import { SelectionBar } from "./SelectionBar";
import { SortDropdown } from "./SortDropdown";
import { nextSelection } from "./selection";
import { TrackCard } from "./TrackCard";
import { type InitialPage, useTrackPages } from "./use-track-pages";
import "./tracks.css";

/** SPEC §9: the sentinel counts only when fully visible, with a 20px margin. */
const SENTINEL_OPTIONS: IntersectionObserverInit = { threshold: 1, rootMargin: "20px" };

/** The first card of `grid` still on screen, and where it is: what a card added above must not move. */
function cardOnScreen(grid: HTMLElement | null): { card: Element; top: number } | null {
  const card = [...(grid?.children ?? [])].find((item) => item.getBoundingClientRect().bottom > 0);
  return card ? { card, top: card.getBoundingClientRect().top } : null;
}

/**
 * The address of this list under its `filters`, in `sort`, from `cursor` on: what the sort menu and 'More tracks'
 * lead to without JavaScript. Only the bare list's address (no query at all) needs the current path.
 */
function listAddress(filters: string, sort: SortKey, cursor: string | null): string {
  const query = new URLSearchParams(filters);
  if (sort !== DEFAULT_SORT) query.set("sort", sort);
  if (cursor) query.set("cursor", cursor);
  return query.size ? `?${query}` : window.location.pathname;
}

/**
 * A sortable, infinitely scrolling grid of track cards for one list endpoint (SPEC §2 Track list).
 * `selectable` adds checkboxes and the selection bar (My Tracks); own tracks always get the Delete menu.
 * `initial` is a page the server rendered; with `sortInAddress` the sort lives in the address (`?sort=`),
 * and without JavaScript the sort menu submits and a 'More tracks' link replaces the infinite scroll; both keep
 * `addressFilters`, the list's filters the address carries (a query string: the home page's track filters).
 * `showsNewTracksLive`: a followed artist's new track (its `new-track` notification, from the event stream) joins the
 * list where its sort puts it, without a reload (the Following tab).
 */
export function TrackList({
  path,
  viewerId,
  selectable = false,
  initialSort = DEFAULT_SORT,
  initial,
  sortInAddress = false,
  addressFilters = "",
  showsNewTracksLive = false,
  queueLabel,
}: {
  path: string | null;
  viewerId: string | null;
  selectable?: boolean;
  initialSort?: SortKey;
  initial?: InitialPage;
  sortInAddress?: boolean;
  addressFilters?: string;
  showsNewTracksLive?: boolean;
  /** What "Play all" says the queue came from; the page's title unless given (the home page's lists). */
  queueLabel?: string;
}) {
  const [sort, setSort] = useState<SortKey>(initialSort);
  const pages = useTrackPages(path, sort, initial);
  useLikedAmong(pages.items);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const lastClicked = useRef<string | null>(null);
  const [toDelete, setToDelete] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const onScreen = useRef<ReturnType<typeof cardOnScreen>>(null);
  const { loadMore, showNewTracks } = pages;

  useEffect(() => {
    if (!showsNewTracksLive) return;
    return onLiveEvent("notification", (notification) => {
      if (notification.type === "new-track") showNewTracks(() => (onScreen.current = cardOnScreen(grid.current)));
    });
  }, [showsNewTracksLive, showNewTracks]);

  // After the render that added them (every render looks; only one after showNewTracks finds a card noted): a card
  // added above the one on screen scrolls by its height, so what is being looked at stays put. Browsers without
  // scroll anchoring would move it; with it, nothing is left to do here.
  useLayoutEffect(() => {
    const kept = onScreen.current;
    if (!kept) return;
    onScreen.current = null;
    if (kept.card.isConnected) window.scrollBy(0, kept.card.getBoundingClientRect().top - kept.top);
  });

  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    }, SENTINEL_OPTIONS);
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore]);

  function changeSort(key: SortKey) {
    // A reload, a shared link or Back keeps the sort; the list itself starts from its first page again.
    if (sortInAddress) window.history.replaceState(null, "", listAddress(addressFilters, key, null));
    setSort(key);
    setSelected(new Set());
    lastClicked.current = null;
  }

  function toggle(id: string, shift: boolean) {
    const ids = pages.items.map((item) => item.id);
    setSelected(nextSelection(ids, selected, id, lastClicked.current, shift));
    lastClicked.current = id;
  }

  async function confirmDelete() {
    setDeleting(true);
    try {
      const { deletedIds } = await reply(api.tracks.delete({ trackIds: toDelete }));
      pages.remove(deletedIds);
      setSelected((previous) => new Set([...previous].filter((id) => !deletedIds.includes(id))));
      showToast({
        type: "success",
        title: deletedIds.length === 1 ? "Track deleted" : "Tracks deleted",
        message: deletedIds.length === 1 ? "The track was deleted." : `${deletedIds.length} tracks were deleted.`,
      });
    } catch (error) {
      showToast({ type: "error", title: "Delete failed", message: (error as Error).message });
    } finally {
      setDeleting(false);
      setToDelete([]);
    }
  }

  const own = (track: TrackListItem) => viewerId !== null && track.userId === viewerId;
  return (
    <div className={selected.size > 0 ? "track-list has-selection" : "track-list"}>
      <div className="track-list-toolbar">
        <SortDropdown value={sort} onChange={changeSort} submittable={sortInAddress} keep={addressFilters} />
        <PlayAll tracks={pages.items} nextCursor={pages.nextCursor} readAfter={pages.readAfter} label={queueLabel} />
      </div>
      {pages.error && pages.items.length === 0 ? (
        <ErrorView message={pages.error} onRetry={pages.retry} />
      ) : pages.loading && pages.items.length === 0 ? (
        <Loading />
      ) : pages.items.length === 0 ? (
        <p className="empty">No tracks found</p>
      ) : (
        <ul className="track-grid" ref={grid}>
          {pages.items.map((track) => (
            <li key={track.id}>
              <TrackCard
                track={track}
                viewerId={viewerId}
                selection={
                  selectable && own(track)
                    ? { selected: selected.has(track.id), onToggle: (shift) => toggle(track.id, shift) }
                    : undefined
                }
                onDelete={(target) => setToDelete([target.id])}
              />
            </li>
          ))}
        </ul>
      )}
      {pages.error && pages.items.length > 0 && <ErrorView message={pages.error} onRetry={pages.loadMore} />}
      {pages.nextCursor && !pages.error && (
        <div ref={sentinel} className="sentinel js-only">
          Loading more...
        </div>
      )}
      {sortInAddress && pages.nextCursor && (
        <a className="button button-secondary more-tracks no-js-only" href={listAddress(addressFilters, sort, pages.nextCursor)}>
          More tracks
        </a>
      )}
      {selectable && (
        <SelectionBar count={selected.size} onCancel={() => setSelected(new Set())} onDelete={() => setToDelete([...selected])} />
      )}
      <DeleteDialog count={toDelete.length} busy={deleting} onCancel={() => setToDelete([])} onConfirm={confirmDelete} />
    </div>
  );
}
