import type { TrackListItem } from "../../modules/tracks/model";

/**
 * The list `shown` with the tracks of a fresh read of its first page that it lacks, each put before the next track
 * of that page it has: in the list's own sort, never twice. One with none of those after it is left for the next page
 * to bring (its cursor comes before it), or added at the end when the list has no next page.
 */
export function withNewTracks(shown: TrackListItem[], firstPage: TrackListItem[], complete: boolean): TrackListItem[] {
  const known = new Set(shown.map((track) => track.id));
  const merged = [...shown];
  firstPage.forEach((track, at) => {
    if (known.has(track.id)) return;
    const next = firstPage.slice(at + 1).find((later) => known.has(later.id));
    const place = next ? merged.findIndex((candidate) => candidate.id === next.id) : complete ? merged.length : -1;
    if (place < 0) return;
    merged.splice(place, 0, track);
    known.add(track.id);
  });
  return merged;
}
