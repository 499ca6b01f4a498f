import type { Executor } from "../../src/server/db/transaction";
import { badRequest, forbidden, notFound, tooManyRequests } from "../../src/server/errors";
import { createRateLimiter } from "../../src/server/http/rate-limit";
import { stripBidiControls } from "../../src/shared/bidi";
import { COMMENT_MAX } from "../../src/shared/validation";
import { usernamesOf, type Viewer } from "../auth/service";
import { publishEvents } from "../events/service";
import { notifyUsers } from "../notifications/service";
import { findViewableTrack, type Track } from "../tracks/service";
import {
  type Comment,
  type CommentInput,
  type CommentPage,
  type CommentQuery,
  DEFAULT_COMMENT_LIMIT,
  MAX_REPLIES_SHOWN,
} from "./model";
import { commentsRepo } from "./repo";
import type { Comment as CommentRow } from "./schema";

/** Comments (replies included) one user may post per minute, across every track: a flood stops at the 31st. */
export const COMMENTS_PER_MINUTE = 30;
const commentLimiter = createRateLimiter("comments", COMMENTS_PER_MINUTE, 60_000);
export const TOO_MANY_COMMENTS = "Too many comments in a short time. Please wait a minute and try again.";
/** A cursor is the id of the last comment a page showed (ids are UUIDv7, ordered by creation). */
const CURSOR = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function view(row: CommentRow, names: Map<string, string>): Comment {
  return {
    id: row.id,
    trackId: row.trackId,
    parentId: row.parentId,
    body: row.body,
    atSeconds: row.atSeconds,
    createdAt: row.createdAt.toISOString(),
    author: { id: row.userId, username: names.get(row.userId) ?? "" },
  };
}

/**
 * GET /api/track/{id}/comments: for whoever may see the track (modules/tracks' one access check; a track they may
 * not see is a 404 like the track's own), its comments newest first, each with its replies oldest first.
 */
export async function listComments(trackId: string, viewer: Viewer | null, query: CommentQuery): Promise<CommentPage> {
  const track = await findViewableTrack(trackId, viewer);
  if (query.cursor !== undefined && !CURSOR.test(query.cursor)) throw badRequest("Invalid cursor");
  const limit = query.limit ?? DEFAULT_COMMENT_LIMIT;
  const rows = await commentsRepo.threads(track.id, query.cursor ?? null, limit + 1);
  const shown = rows.slice(0, limit);
  const replies = await commentsRepo.repliesTo(shown.map((row) => row.id));
  const names = await usernamesOf([...shown, ...replies].map((row) => row.userId));
  const items = shown.map((row) => {
    const answers = replies.filter((reply) => reply.parentId === row.id);
    return {
      ...view(row, names),
      replies: answers.slice(0, MAX_REPLIES_SHOWN).map((reply) => view(reply, names)),
      replyCount: answers.length,
    };
  });
  const last = shown.at(-1);
  return { items, metadata: { nextCursor: rows.length > limit && last ? last.id : null } };
}

/** The text as kept: bidi controls gone (src/shared/bidi.ts), ends trimmed; refused when nothing is left. */
function commentText(body: string): string {
  const text = stripBidiControls(body).trim();
  if (!text) throw badRequest("A comment cannot be empty");
  if (text.length > COMMENT_MAX) throw badRequest(`A comment is text of at most ${COMMENT_MAX} characters`);
  return text;
}

/** The comment a reply answers: one of this track's, and no reply itself (replies go one level deep). */
async function parentOf(track: Track, parentId: string | undefined): Promise<CommentRow | null> {
  if (parentId === undefined) return null;
  const parent = await commentsRepo.find(parentId);
  if (parent?.trackId !== track.id) throw badRequest("The comment replied to is not on this track");
  if (parent.parentId) throw badRequest("A reply cannot be replied to; reply to the comment it answers");
  return parent;
}

function timeOf(track: Track, atSeconds: number | undefined, parent: CommentRow | null): number | null {
  if (atSeconds === undefined) return null;
  if (parent) throw badRequest("A reply cannot have a time; the comment it answers has one");
  if (track.duration === null || atSeconds > track.duration) throw badRequest("atSeconds must be within the track");
  return atSeconds;
}

/**
 * POST /api/track/{id}/comments: anyone signed in who may see the track. The one place a comment is made, so
 * whatever a new comment should set off starts here: the track's owner is told of it, and a reply's parent's
 * author of the reply (type `comment`, linking to the comment), never anyone of their own comment.
 */
export async function postComment(trackId: string, viewer: Viewer, input: CommentInput): Promise<Comment> {
  const track = await findViewableTrack(trackId, viewer);
  const body = commentText(input.body);
  const parent = await parentOf(track, input.parentId);
  const atSeconds = timeOf(track, input.atSeconds, parent);
  if (await commentLimiter.blocked(viewer.id)) throw tooManyRequests(TOO_MANY_COMMENTS);
  await commentLimiter.hit(viewer.id);
  const row = await commentsRepo.insert({ trackId: track.id, userId: viewer.id, parentId: parent?.id ?? null, body, atSeconds });
  await tellOfComment(track, row, parent, viewer);
  await commentsChanged(track.id, row.id);
  return view(row, new Map([[viewer.id, viewer.username]]));
}

async function tellOfComment(track: Track, comment: CommentRow, parent: CommentRow | null, author: Viewer): Promise<void> {
  const link = `/track/${track.id}#comment-${comment.id}`;
  if (parent && parent.userId !== author.id)
    await notifyUsers([parent.userId], {
      title: "New reply",
      message: `${author.username} replied to your comment on "${track.title}".`,
      type: "comment",
      link,
    });
  if (track.userId !== author.id && track.userId !== parent?.userId)
    await notifyUsers([track.userId], {
      title: "New comment",
      message: `${author.username} commented on "${track.title}".`,
      type: "comment",
      link,
    });
}

/**
 * DELETE /api/track/{id}/comments/{commentId}: its author, the track's owner or an admin, while they may see the
 * track; its replies go with it. Anyone else who may see the track gets 403; a comment not on the track, 404.
 */
export async function deleteComment(trackId: string, commentId: string, viewer: Viewer): Promise<{ deletedId: string }> {
  const track = await findViewableTrack(trackId, viewer);
  const comment = await commentsRepo.find(commentId);
  if (comment?.trackId !== track.id) throw notFound("Comment not found");
  const allowed = comment.userId === viewer.id || track.userId === viewer.id || viewer.role === "ADMIN";
  if (!allowed) throw forbidden("Only the comment's author, the track's owner or an admin can delete it");
  await commentsRepo.remove(comment.id);
  await commentsChanged(track.id, comment.id);
  return { deletedId: comment.id };
}

/** Pages open on the track (of readers who may see it) show the comment, or stop showing it, without a reload. */
const commentsChanged = (trackId: string, commentId: string) =>
  publishEvents([{ kind: "comment", trackId, data: { trackId, commentId } }]);

/** Everything `userId` wrote, for their account export. */
export function commentsWrittenBy(userId: string): Promise<CommentRow[]> {
  return commentsRepo.writtenBy(userId);
}

/** A deleted track's purge (modules/track-files), in its transaction: the track's comments go with it. */
export function purgeCommentsOfIn(tx: Executor, trackId: string): Promise<void> {
  return commentsRepo.removeAllOfIn(tx, trackId);
}

/** Inside an account's deletion: its comments go, and the replies to them. */
export const leaveComments = (userId: string, executor: Executor): Promise<void> => commentsRepo.leave(userId, executor);
