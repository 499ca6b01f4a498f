import { useIslandStore } from "../lib/use-island-store";
import { $countedPlays } from "../player/counted-plays";

/** The track page's Plays figure: the server's count plus plays recorded on this page since it loaded. */
export default function PlaysCount({ trackId, plays }: { trackId: string; plays: number }) {
  const counted = useIslandStore($countedPlays);
  return <>{plays + (counted[trackId] ?? 0)}</>;
}
