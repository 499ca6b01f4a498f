import { atom, map } from "nanostores";

/**
 * Talk between a player and the other islands of its page: where each player is (`$positions`, by player id, in
 * seconds) and a request to move one (`requestSeek`: a comment's time in the list under the player).
 */
export const $positions = map<Record<string, number>>({});

export const $seekRequest = atom<{ playerId: string; seconds: number } | null>(null);

export function requestSeek(playerId: string, seconds: number): void {
  $seekRequest.set({ playerId, seconds });
}

/** The id of a track page's full-track player, which its comments' times seek. */
export const fullTrackPlayerId = (trackId: string): string => `track:${trackId}`;
