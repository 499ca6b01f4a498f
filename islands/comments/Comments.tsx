import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { Comment, CommentThread } from "../../modules/comments/model";
import { api, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { formatDuration } from "../lib/format";
import { onLiveEvent, watchTrack } from "../lib/live-events";
import { signInHref } from "../lib/return-path";
import { showToast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";
import { useReturnPath } from "../lib/use-return-path";
import type { WaveMarker } from "../player/WaveMarkers";
import { CommentItem, type Reader } from "./CommentItem";
import { $commentMarkers } from "./store";
import "./comments.css";

// The form loads for signed-in readers only: visitors are offered to log in instead.
const CommentForm = lazy(() => import("./CommentForm"));

const PAGE = 20;

const markerOf = (comment: Comment): WaveMarker[] =>
  comment.atSeconds === null
    ? []
    : [
        {
          id: comment.id,
          seconds: comment.atSeconds,
          initial: comment.author.username.slice(0, 1).toUpperCase(),
          label: `${comment.author.username} at ${formatDuration(comment.atSeconds)}`,
          text: comment.body,
        },
      ];

/** Brings the comment a link names (`#comment-{id}`, a notification's) into view once it is on the page. */
function showLinkedComment(): void {
  const target = window.location.hash.startsWith("#comment-") ? document.getElementById(window.location.hash.slice(1)) : null;
  if (!target || target.dataset.shown) return;
  target.dataset.shown = "true";
  target.scrollIntoView({ block: "center" });
}

/**
 * The comments under a track's player (loaded in the browser, as the reader may see the track): newest first, each
 * with its replies; a form for signed-in readers; the timed ones also as markers on the full-track waveform.
 */
export default function Comments({ trackId, ownerId }: { trackId: string; ownerId: string }) {
  const auth = useIslandStore($auth);
  const returnPath = useReturnPath();
  const [threads, setThreads] = useState<CommentThread[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  const load = useCallback(
    async (cursor: string | null) => {
      setState("loading");
      try {
        const page = await reply(
          api.track({ id: trackId }).comments.get({ query: { limit: PAGE, ...(cursor ? { cursor } : {}) } }),
        );
        setThreads((shown) => (cursor ? [...shown, ...page.items] : page.items));
        setNextCursor(page.metadata.nextCursor);
        setState("ready");
      } catch (error) {
        console.error("Loading the comments failed", error);
        setState("failed");
      }
    },
    [trackId],
  );

  // Loaded again once the session is known: a private track's comments need the reader's token.
  const sessionKnown = auth.status !== "unknown";
  useEffect(() => {
    if (sessionKnown) void load(null);
  }, [load, sessionKnown]);

  // A comment posted or deleted elsewhere arrives on the event stream: the newest comments are read again.
  useEffect(() => {
    const unwatch = watchTrack(trackId);
    const stop = onLiveEvent("comment", (event) => {
      if (event.trackId === trackId) void load(null);
    });
    return () => {
      stop();
      unwatch();
    };
  }, [load, trackId]);

  useEffect(() => {
    $commentMarkers.setKey(
      trackId,
      threads.flatMap((thread) => markerOf(thread)),
    );
    showLinkedComment();
  }, [threads, trackId]);

  const reader: Reader | null =
    auth.status === "signed-in"
      ? { id: auth.user.id, isAdmin: auth.user.role === "ADMIN", ownsTrack: auth.user.id === ownerId }
      : null;

  async function remove(comment: Comment) {
    try {
      await reply(api.track({ id: trackId }).comments({ commentId: comment.id }).delete());
      setThreads((shown) =>
        shown
          .filter((thread) => thread.id !== comment.id)
          .map((thread) => ({
            ...thread,
            replies: thread.replies.filter((answer) => answer.id !== comment.id),
            replyCount: thread.replyCount - (thread.replies.some((answer) => answer.id === comment.id) ? 1 : 0),
          })),
      );
      showToast({ type: "success", title: "Comment deleted", message: "The comment is gone." });
    } catch (error) {
      showToast({ type: "error", title: "Deleting the comment failed", message: (error as Error).message });
    }
  }

  const added = (comment: Comment) => setThreads((shown) => [{ ...comment, replies: [], replyCount: 0 }, ...shown]);
  const replied = (answer: Comment) =>
    setThreads((shown) =>
      shown.map((thread) =>
        thread.id === answer.parentId
          ? { ...thread, replies: [...thread.replies, answer], replyCount: thread.replyCount + 1 }
          : thread,
      ),
    );

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      {reader ? (
        <Suspense fallback={null}>
          <CommentForm trackId={trackId} onPosted={added} />
        </Suspense>
      ) : (
        auth.status === "anonymous" && (
          <p>
            <a href={signInHref("/login", returnPath)}>Log in</a> to comment.
          </p>
        )
      )}
      {state === "failed" && (
        <p className="form-error" role="alert">
          The comments could not be loaded.{" "}
          <button type="button" className="comment-action" onClick={() => void load(null)}>
            Try again
          </button>
        </p>
      )}
      {/* Not on the server's page: without JavaScript nothing would ever load (the page's noscript says so). */}
      {sessionKnown && state === "loading" && threads.length === 0 && (
        <p className="comments-empty" role="status">
          Loading comments...
        </p>
      )}
      {state === "ready" && threads.length === 0 && <p className="comments-empty">No comments yet.</p>}
      {threads.length > 0 && (
        <ol className="comment-list" aria-label="Comments, newest first">
          {threads.map((thread) => (
            <CommentItem
              key={thread.id}
              thread={thread}
              trackId={trackId}
              reader={reader}
              onReplied={replied}
              onDelete={(comment) => void remove(comment)}
            />
          ))}
        </ol>
      )}
      {nextCursor && state === "ready" && (
        <button type="button" className="button button-small button-secondary" onClick={() => void load(nextCursor)}>
          More comments
        </button>
      )}
    </section>
  );
}
