import { useCallback, useEffect, useRef, useState } from "react";
import type { TrackPage } from "../../modules/lists/model";
import type { TrackListItem } from "../../modules/tracks/model";
import { PAGE_SIZE, SORT_OPTIONS, type SortKey } from "../../src/shared/sort-options";
import { api, fresh, reply } from "../lib/api";
import { withNewTracks } from "./new-tracks";

interface PagesState {
  items: TrackListItem[];
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
}

/** A page the server already rendered for one path and sort: shown at once, not fetched again. */
export interface InitialPage {
  path: string;
  sort: SortKey;
  page: TrackPage;
}

/**
 * The list endpoint at `path` (the pages name it, as a prop): each list route answers a TrackPage to the
 * paging query of GET /tracks/public, so that route's types stand for all of them.
 */
const listAt = (path: string) =>
  path
    .split("/")
    .filter(Boolean)
    .reduce(
      (route, segment) => route[segment] as typeof route,
      api as unknown as Record<string, unknown>,
    ) as unknown as typeof api.tracks.public;

/**
 * Pages of one list endpoint (with any filters of its own in its query string) in one sort: the first page on mount and whenever the path or sort
 * changes (unless `initial` already holds it), then `loadMore` follows metadata.nextCursor. Answers
 * to an outdated request are dropped.
 */
export function useTrackPages(path: string | null, sort: SortKey, initial?: InitialPage) {
  const [state, setState] = useState<PagesState>(() =>
    initial
      ? { items: initial.page.items, nextCursor: initial.page.metadata.nextCursor, loading: false, error: null }
      : { items: [], nextCursor: null, loading: true, error: null },
  );
  const generation = useRef(0);
  const loadingMore = useRef(false);
  // Only the first load may be the server's page; later renders' `initial` (a new object each time) do not count.
  const unused = useRef(initial);

  /** One page of the list in its sort, after `cursor`; `latest` bypasses every cache (a read for what is new). */
  const readPage = useCallback(
    (listPath: string, cursor: string | null, latest = false) => {
      const option = SORT_OPTIONS.find((candidate) => candidate.key === sort) ?? SORT_OPTIONS[0];
      // A path may carry its list's own filters (`/search?genre=house`): they go along with the paging.
      const [endpoint = listPath, filters] = listPath.split("?");
      return reply(
        listAt(endpoint).get({
          ...fresh(latest),
          query: {
            ...Object.fromEntries(new URLSearchParams(filters)),
            limit: PAGE_SIZE,
            cursor: cursor ?? undefined,
            sortField: option.field,
            sortDirection: option.direction,
          },
        }),
      );
    },
    [sort],
  );

  const load = useCallback(
    (cursor: string | null) => {
      if (!path) return;
      const mine = cursor ? generation.current : ++generation.current;
      loadingMore.current = true;
      setState((previous) => ({ ...(cursor ? previous : { items: [], nextCursor: null }), loading: true, error: null }));
      readPage(path, cursor)
        .then((page) => {
          if (mine !== generation.current) return;
          setState((previous) => ({
            items: cursor ? [...previous.items, ...page.items] : page.items,
            nextCursor: page.metadata.nextCursor,
            loading: false,
            error: null,
          }));
        })
        .catch((error: Error) => {
          if (mine === generation.current) setState((previous) => ({ ...previous, loading: false, error: error.message }));
        })
        .finally(() => {
          if (mine === generation.current) loadingMore.current = false;
        });
    },
    [path, readPage],
  );

  /**
   * Shows the list's new tracks (a followed artist's upload) where its sort puts them, without a reload: the first
   * page read again and merged (withNewTracks), the rest of the list kept; `beforeChange` runs just before (the list
   * notes what is on screen, to keep it there). A failed read changes nothing; the next reload shows them.
   */
  const showNewTracks = useCallback(
    (beforeChange: () => void) => {
      if (!path) return;
      const mine = generation.current;
      readPage(path, null, true)
        .then((page) => {
          if (mine !== generation.current) return;
          beforeChange();
          setState((previous) => ({
            ...previous,
            items: withNewTracks(previous.items, page.items, previous.nextCursor === null),
          }));
        })
        .catch(() => undefined);
    },
    [path, readPage],
  );

  useEffect(() => {
    const first = unused.current;
    if (path) unused.current = undefined;
    // The server's page stands for the first load of its own path and sort.
    if (first && first.path === path && first.sort === sort) return;
    load(null);
  }, [load, path, sort]);

  const loadMore = useCallback(() => {
    if (!loadingMore.current && state.nextCursor) load(state.nextCursor);
  }, [load, state.nextCursor]);

  /** Drops deleted tracks from the list without reloading it. */
  const remove = useCallback((ids: string[]) => {
    setState((previous) => ({ ...previous, items: previous.items.filter((item) => !ids.includes(item.id)) }));
  }, []);

  /** The page after `cursor`, read for the queue ("Play all") without showing it here. */
  const readAfter = useCallback((cursor: string) => readPage(path ?? "", cursor), [path, readPage]);

  return { ...state, loadMore, remove, showNewTracks, readAfter, retry: () => load(null) };
}
