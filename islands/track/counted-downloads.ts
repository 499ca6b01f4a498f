import { map } from "nanostores";

/**
 * Downloads this page has started, per track id. Every download of a track, its stems or its stems' zip counts
 * toward the track (as on the server), so the page's Downloads figure rises when one starts.
 */
export const $countedDownloads = map<Record<string, number>>({});

export function downloadCounted(trackId: string): void {
  $countedDownloads.setKey(trackId, ($countedDownloads.get()[trackId] ?? 0) + 1);
}
