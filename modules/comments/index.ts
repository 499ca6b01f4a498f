import { Elysia, t } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { alsoOnLeaving } from "../auth/service";
import { Comment, CommentInput, CommentPage, CommentParams, CommentQuery, DeletedComment } from "./model";
import * as comments from "./service";

alsoOnLeaving(comments.leaveComments);

/** Timed comments on a track: as visible as the track, written by anyone signed in who may see it. */
export const commentsModule = new Elysia({ name: "module.comments", prefix: "/track", detail: { tags: ["Comments"] } })
  .use(authGuard)
  .get("/:id/comments", ({ params, viewer, query }) => comments.listComments(params.id, viewer, query), {
    params: t.Object({ id: t.String() }),
    query: CommentQuery,
    response: { 200: CommentPage, ...refusals(400, 404) },
    detail: { summary: "A track's comments, newest first, each with its replies" },
  })
  .post(
    "/:id/comments",
    async ({ params, user, body, set }) => {
      const comment = await comments.postComment(params.id, user, body);
      set.status = 201;
      return comment;
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      body: CommentInput,
      response: { 201: Comment, ...refusals(400, 401, 404, 429) },
      detail: { summary: "Comment on a track, optionally at a time in it, or reply to a comment" },
    },
  )
  .delete("/:id/comments/:commentId", ({ params, user }) => comments.deleteComment(params.id, params.commentId, user), {
    auth: true,
    params: CommentParams,
    response: { 200: DeletedComment, ...refusals(401, 403, 404) },
    detail: { summary: "Delete a comment and its replies (its author, the track's owner or an admin)" },
  });
