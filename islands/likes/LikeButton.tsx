import { useEffect } from "react";
import { $auth } from "../lib/auth";
import { formatCount } from "../lib/format";
import { signInHref } from "../lib/return-path";
import { useIslandStore } from "../lib/use-island-store";
import { useReturnPath } from "../lib/use-return-path";
import { HeartIcon } from "./HeartIcon";
import { askLikeState, setLiked } from "./like-states";
import { $likeStates } from "./like-store";
import "./likes.css";

/**
 * A track's heart: a toggle (`aria-pressed`) named "Like" for a signed-in reader, a link to log in for a visitor (and
 * in the server's HTML, before the page knows who reads it). `count` shows the like count beside it (cards; the track
 * page shows it among its figures instead). `ask`: this heart asks the reader's state itself (the player bar); the
 * track page is told it by the server, cards a page at a time (useLikedAmong).
 */
export function LikeButton({
  trackId,
  likeCount,
  count = false,
  ask = false,
}: {
  trackId: string;
  likeCount: number;
  count?: boolean;
  ask?: boolean;
}) {
  const auth = useIslandStore($auth);
  const states = useIslandStore($likeStates);
  const returnPath = useReturnPath();
  const signedIn = auth.status === "signed-in";
  const state = states[trackId];
  useEffect(() => {
    if (signedIn && ask && state?.likeCount === undefined) askLikeState(trackId);
  }, [signedIn, ask, trackId, state]);

  const liked = state?.likedByMe ?? false;
  const shown = state?.likeCount ?? likeCount;
  const figure = count && (
    <span className="like-count" title={formatCount(shown, "like")}>
      {shown}
    </span>
  );
  // A visitor, or a page not yet told who reads it (the server's HTML, which works without JavaScript): a link.
  if (!signedIn)
    return (
      <span className="like">
        <a className="like-button" href={signInHref("/login", returnPath)} aria-label="Log in to like" title="Log in to like">
          <HeartIcon filled={false} />
        </a>
        {figure}
      </span>
    );
  return (
    <span className="like">
      <button
        type="button"
        className={liked ? "like-button liked" : "like-button"}
        aria-label="Like"
        title={liked ? "Unlike" : "Like"}
        aria-pressed={liked}
        // Until the reader's state is known, a press could not say which way it goes.
        disabled={!state}
        onClick={() => void setLiked(trackId, !liked)}
      >
        <HeartIcon filled={liked} />
      </button>
      {figure}
    </span>
  );
}
