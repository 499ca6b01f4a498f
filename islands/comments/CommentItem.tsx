import { lazy, Suspense, useState } from "react";
import type { Comment } from "../../modules/comments/model";
import { formatDuration } from "../lib/format";
import { fullTrackPlayerId, requestSeek } from "../player/seek";

// The reply form loads when a reader first asks to reply.
const CommentForm = lazy(() => import("./CommentForm"));

/** What the signed-in reader may do to comments on this track. */
export interface Reader {
  id: string;
  isAdmin: boolean;
  /** They own the track, so may delete any comment on it. */
  ownsTrack: boolean;
}

/** One comment (or reply) as the list shows it: who, when in the track (a button that seeks there), what. */
function CommentBody({
  comment,
  trackId,
  reader,
  onDelete,
}: {
  comment: Comment;
  trackId: string;
  reader: Reader | null;
  onDelete: (comment: Comment) => void;
}) {
  const { author, atSeconds } = comment;
  const mayDelete = reader !== null && (reader.id === author.id || reader.ownsTrack || reader.isAdmin);
  return (
    <article className="comment" aria-label={`Comment by ${author.username}`}>
      <header className="comment-header">
        <span className="comment-avatar" aria-hidden="true">
          {author.username.slice(0, 1).toUpperCase()}
        </span>
        <a href={`/u/${encodeURIComponent(author.username)}`}>{author.username}</a>
        {atSeconds !== null && (
          <button
            type="button"
            className="comment-time"
            aria-label={`Play from ${formatDuration(atSeconds)}`}
            onClick={() => requestSeek(fullTrackPlayerId(trackId), atSeconds)}
          >
            {formatDuration(atSeconds)}
          </button>
        )}
        <time dateTime={comment.createdAt}>{new Date(comment.createdAt).toLocaleString()}</time>
      </header>
      <p className="comment-text">{comment.body}</p>
      {mayDelete && (
        <button type="button" className="comment-action" onClick={() => onDelete(comment)}>
          Delete<span className="visually-hidden"> comment by {author.username}</span>
        </button>
      )}
    </article>
  );
}

/** A comment with its replies under it, and (signed in) a form to reply. */
export function CommentItem({
  thread,
  trackId,
  reader,
  onReplied,
  onDelete,
}: {
  thread: Comment & { replies: Comment[]; replyCount: number };
  trackId: string;
  reader: Reader | null;
  onReplied: (reply: Comment) => void;
  onDelete: (comment: Comment) => void;
}) {
  const [replying, setReplying] = useState(false);
  return (
    <li id={`comment-${thread.id}`} className="comment-thread">
      <CommentBody comment={thread} trackId={trackId} reader={reader} onDelete={onDelete} />
      {reader && !replying && (
        <button type="button" className="comment-action" onClick={() => setReplying(true)}>
          Reply<span className="visually-hidden"> to {thread.author.username}</span>
        </button>
      )}
      {thread.replies.length > 0 && (
        <ol className="comment-replies" aria-label={`Replies to ${thread.author.username}`}>
          {thread.replies.map((answer) => (
            <li key={answer.id} id={`comment-${answer.id}`}>
              <CommentBody comment={answer} trackId={trackId} reader={reader} onDelete={onDelete} />
            </li>
          ))}
        </ol>
      )}
      {thread.replyCount > thread.replies.length && (
        <p className="comment-more-replies">{thread.replyCount - thread.replies.length} later replies are not shown.</p>
      )}
      {replying && (
        <Suspense fallback={null}>
          <CommentForm
            trackId={trackId}
            parent={thread}
            onPosted={(answer) => {
              setReplying(false);
              onReplied(answer);
            }}
            onCancel={() => setReplying(false)}
          />
        </Suspense>
      )}
    </li>
  );
}
