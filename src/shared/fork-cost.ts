/**
 * Issue 37, item 10: what forking costs in quota seconds, for the fork route's charge and the fork dialog's line alike.
 * A fork shares its original's files (nothing is copied), so a plain fork costs nothing; "Fork with this mix" renders
 * a full track of its own, as long as the track (its stems all have the track's exact length), and costs its seconds.
 */
export function forkCostSeconds(trackDuration: number | null, withMix: boolean): number {
  return withMix ? (trackDuration ?? 0) : 0;
}
