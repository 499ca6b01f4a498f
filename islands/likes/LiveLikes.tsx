import { useIslandStore } from "../lib/use-island-store";
import { $likeStates } from "./like-store";

/** The track page's Likes figure: the count it was rendered with, then what the server says after a like here. */
export default function LiveLikes({ trackId, likeCount }: { trackId: string; likeCount: number }) {
  const states = useIslandStore($likeStates);
  return <>{states[trackId]?.likeCount ?? likeCount}</>;
}
