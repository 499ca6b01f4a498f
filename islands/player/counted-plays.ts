import { map } from "nanostores";

/**
 * Plays this page has recorded that the server counted, per track id. Stem plays count toward their
 * track (as on the server), so a track page's Plays figure can rise without a reload.
 */
export const $countedPlays = map<Record<string, number>>({});

export function playCounted(trackId: string): void {
  $countedPlays.setKey(trackId, ($countedPlays.get()[trackId] ?? 0) + 1);
}
