import { atom, map } from "nanostores";

/**
 * Which player on the page has the speakers (SPEC §4: one track plays at a time). A player or a
 * synced stem group claims it when it starts; every other one pauses when it sees another id here.
 */
export const $activePlayer = atom<string | null>(null);

export function claimPlayback(playerId: string): void {
  $activePlayer.set(playerId);
}

export function releasePlayback(playerId: string): void {
  if ($activePlayer.get() === playerId) $activePlayer.set(null);
}

/** Calls `pause` whenever another player takes over; returns the unsubscribe function. */
export function onOtherPlayerStarts(playerId: string, pause: () => void): () => void {
  return $activePlayer.listen((active) => {
    if (active !== null && active !== playerId) pause();
  });
}

/** Where each player's playhead is (seconds), for what offers the current time (the share menu's link at the time). */
export const $playheads = map<Record<string, number>>({});

export function notePlayhead(playerId: string, seconds: number): void {
  $playheads.setKey(playerId, seconds);
}
