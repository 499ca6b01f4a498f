import { useEffect } from "react";
import { LikeButton } from "./LikeButton";
import { knowLike } from "./like-states";

/**
 * The track page's heart (an island of its own). A page rendered for its signed-in reader says whether they like the
 * track (`likedByMe`, with the count of that moment); a page kept for every visitor says nothing (null), and its
 * heart asks once the reader is known.
 */
export default function TrackLike({
  trackId,
  likeCount,
  likedByMe,
}: {
  trackId: string;
  likeCount: number;
  likedByMe: boolean | null;
}) {
  useEffect(() => {
    if (likedByMe !== null) knowLike(trackId, { likedByMe, likeCount });
  }, [trackId, likedByMe, likeCount]);
  return <LikeButton trackId={trackId} likeCount={likeCount} ask={likedByMe === null} />;
}
