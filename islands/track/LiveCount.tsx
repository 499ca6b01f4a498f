import { useIslandStore } from "../lib/use-island-store";
import { $countedPlays } from "../player/counted-plays";
import { $countedDownloads } from "./counted-downloads";

const COUNTED = { plays: $countedPlays, downloads: $countedDownloads } as const;

/**
 * A track page's Plays or Downloads figure: the server's count (from a page that may be cached) plus what this
 * page has counted since it loaded, so the figure rises without a reload.
 */
export default function LiveCount({ trackId, kind, base }: { trackId: string; kind: keyof typeof COUNTED; base: number }) {
  const counted = useIslandStore(COUNTED[kind]);
  return <>{base + (counted[trackId] ?? 0)}</>;
}
