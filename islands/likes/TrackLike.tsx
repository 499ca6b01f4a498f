import { LikeButton } from "./LikeButton";

/** The track page's heart (an island of its own): it asks the reader's state once they are known. */
export default function TrackLike({ trackId, likeCount }: { trackId: string; likeCount: number }) {
  return <LikeButton trackId={trackId} likeCount={likeCount} ask />;
}
