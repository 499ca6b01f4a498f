import { type FormEvent, useId, useState } from "react";
import type { Comment } from "../../modules/comments/model";
import { COMMENT_MAX } from "../../src/shared/validation";
import { FormError, useSubmit } from "../form/use-submit";
import { api, reply } from "../lib/api";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { $positions, fullTrackPlayerId } from "../player/seek";

/**
 * Writes a comment, or with `parent` a reply to it. A comment may be pinned to where the full-track player is
 * ('At 0:12'); a reply takes no time. The server checks everything again (length, time, who may write).
 */
export default function CommentForm({
  trackId,
  parent,
  onPosted,
  onCancel,
}: {
  trackId: string;
  parent?: Comment;
  onPosted: (comment: Comment) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [timed, setTimed] = useState(false);
  const position = useIslandStore($positions)[fullTrackPlayerId(trackId)] ?? 0;
  const { submitting, formError, run } = useSubmit();
  const label = parent ? `Reply to ${parent.author.username}` : "Add a comment";

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      () => true,
      async () => {
        const comment = await reply(
          api.track({ id: trackId }).comments.post({
            body: text,
            ...(parent ? { parentId: parent.id } : {}),
            ...(!parent && timed ? { atSeconds: Math.floor(position * 10) / 10 } : {}),
          }),
        );
        setText("");
        setTimed(false);
        onPosted(comment);
      },
      "Posting the comment failed",
    );
  }

  return (
    <form className="comment-form" onSubmit={submit} aria-label={label}>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={COMMENT_MAX}
        rows={parent ? 2 : 3}
        required
        onChange={(event) => setText(event.target.value)}
      />
      <div className="comment-form-actions">
        {!parent && (
          <label className="comment-form-time">
            <input type="checkbox" checked={timed} onChange={(event) => setTimed(event.target.checked)} />
            At the current time ({formatDuration(position)})
          </label>
        )}
        <button type="submit" className="button button-small" disabled={submitting || !text.trim()}>
          {parent ? "Reply" : "Post comment"}
        </button>
        {onCancel && (
          <button type="button" className="button button-small button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <FormError message={formError} />
    </form>
  );
}
