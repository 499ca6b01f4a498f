import { useCallback, useEffect, useRef, useState } from "react";
import type { TrackPage } from "../../modules/lists/model";
import type { TrackListItem } from "../../modules/tracks/model";
import { api } from "../lib/api";
import { SORT_OPTIONS, type SortKey } from "./sort-options";

const PAGE_SIZE = 20;

interface PagesState {
  items: TrackListItem[];
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
}

/**
 * Pages of one list endpoint in one sort: the first page on mount and whenever the path or sort
 * changes, then `loadMore` follows metadata.nextCursor. Answers to an outdated request are dropped.
 */
export function useTrackPages(path: string | null, sort: SortKey) {
  const [state, setState] = useState<PagesState>({ items: [], nextCursor: null, loading: true, error: null });
  const generation = useRef(0);
  const loadingMore = useRef(false);

  const load = useCallback(
    (cursor: string | null) => {
      if (!path) return;
      const mine = cursor ? generation.current : ++generation.current;
      const option = SORT_OPTIONS.find((candidate) => candidate.key === sort) ?? SORT_OPTIONS[0];
      loadingMore.current = true;
      setState((previous) => ({ ...(cursor ? previous : { items: [], nextCursor: null }), loading: true, error: null }));
      api
        .get<TrackPage>(path, {
          query: { limit: PAGE_SIZE, cursor, sortField: option.field, sortDirection: option.direction },
        })
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
    [path, sort],
  );

  useEffect(() => load(null), [load]);

  const loadMore = useCallback(() => {
    if (!loadingMore.current && state.nextCursor) load(state.nextCursor);
  }, [load, state.nextCursor]);

  /** Drops deleted tracks from the list without reloading it. */
  const remove = useCallback((ids: string[]) => {
    setState((previous) => ({ ...previous, items: previous.items.filter((item) => !ids.includes(item.id)) }));
  }, []);

  return { ...state, loadMore, remove, retry: () => load(null) };
}
