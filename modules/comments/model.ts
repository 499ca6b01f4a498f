import { t } from "elysia";
import { COMMENT_MAX } from "../../src/shared/validation";

export const DEFAULT_COMMENT_LIMIT = 20;
export const MAX_COMMENT_LIMIT = 100;
/** Replies shown under a comment, oldest first; `replyCount` says how many there are in all. */
export const MAX_REPLIES_SHOWN = 100;

/** POST /api/track/{id}/comments. */
export const CommentInput = t.Object({
  body: t.String({ maxLength: COMMENT_MAX, error: `A comment is text of at most ${COMMENT_MAX} characters` }),
  /** Seconds into the track the comment is about (a marker on the waveform); replies take none. */
  atSeconds: t.Optional(t.Number({ minimum: 0, error: "atSeconds must be a number of seconds from 0" })),
  /** The comment this one answers (one level: a reply cannot be answered). */
  parentId: t.Optional(t.String({ error: "parentId must be a comment's id" })),
});
export type CommentInput = typeof CommentInput.static;

export const CommentQuery = t.Object({
  cursor: t.Optional(t.String({ error: "Invalid cursor" })),
  limit: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: MAX_COMMENT_LIMIT,
      error: `limit must be a whole number from 1 to ${MAX_COMMENT_LIMIT}`,
    }),
  ),
});
export type CommentQuery = typeof CommentQuery.static;

export const CommentParams = t.Object({ id: t.String(), commentId: t.String() });

/** One comment as the API sends it; `createdAt` is an ISO string. */
export const Comment = t.Object({
  id: t.String(),
  trackId: t.String(),
  parentId: t.Nullable(t.String()),
  body: t.String(),
  atSeconds: t.Nullable(t.Number()),
  createdAt: t.String({ format: "date-time" }),
  author: t.Object({ id: t.String(), username: t.String() }),
});
export type Comment = typeof Comment.static;

/** A comment with its replies (oldest first, at most MAX_REPLIES_SHOWN of `replyCount`). */
export const CommentThread = t.Composite([Comment, t.Object({ replies: t.Array(Comment), replyCount: t.Integer() })]);
export type CommentThread = typeof CommentThread.static;

/** A track's comments, newest first, paged like the lists. */
export const CommentPage = t.Object({
  items: t.Array(CommentThread),
  metadata: t.Object({ nextCursor: t.Nullable(t.String()) }),
});
export type CommentPage = typeof CommentPage.static;

export const DeletedComment = t.Object({ deletedId: t.String() });
