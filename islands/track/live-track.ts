import { map } from "nanostores";
import type { TrackDetails } from "../../modules/tracks/model";
import { useIslandStore } from "../lib/use-island-store";
import type { PageStem, PageTrack } from "./page-props";

/** A track as last read on this page, with what its players get of it (page-props.ts `latestOf`). */
export interface LatestTrack {
  details: TrackDetails;
  track: PageTrack;
  stems: PageStem[];
}

/**
 * The track as it is now, per track id, once this page has read it again: processing ended (ProcessingWatcher) or a
 * studio change landed (forks/Studio). The page's islands show it in place of what they were rendered with, so the
 * page never reloads under a reader (a comment being typed stays).
 */
const $latestTracks = map<Record<string, LatestTrack>>({});

export function showLatest(latest: LatestTrack): void {
  $latestTracks.setKey(latest.details.id, latest);
}

/** The track as last read on this page; undefined until it is read again after the page rendered. */
export function useLatestTrack(trackId: string): LatestTrack | undefined {
  return useIslandStore($latestTracks)[trackId];
}

/** Tracks whose end of processing this page already reads and shows (ProcessingWatcher): no other island need ask. */
const watchedProcessing = new Set<string>();

/** Marks the track's processing as watched until the returned stop is called. */
export function watchProcessing(trackId: string): () => void {
  watchedProcessing.add(trackId);
  return () => watchedProcessing.delete(trackId);
}

export const processingWatched = (trackId: string): boolean => watchedProcessing.has(trackId);
