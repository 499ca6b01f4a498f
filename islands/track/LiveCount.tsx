import { useIslandStore } from "../lib/use-island-store";
import { $likeStates } from "../likes/like-store";
import { $countedPlays } from "../player/counted-plays";
import { $countedDownloads } from "./counted-downloads";

const COUNTED = { plays: $countedPlays, downloads: $countedDownloads } as const;

/**
 * A track page's Plays, Downloads or Likes figure: the server's count (from a page that may be cached), then what
 * this page has learned since it loaded (its own plays and downloads counted; a like's answer), without a reload.
 */
export default function LiveCount({
  trackId,
  kind,
  base,
}: {
  trackId: string;
  kind: keyof typeof COUNTED | "likes";
  base: number;
}) {
  const likes = useIslandStore($likeStates);
  const counted = useIslandStore(kind === "likes" ? $countedPlays : COUNTED[kind]);
  if (kind === "likes") return <>{likes[trackId]?.likeCount ?? base}</>;
  return <>{base + (counted[trackId] ?? 0)}</>;
}
