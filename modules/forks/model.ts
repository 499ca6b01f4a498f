import { t } from "elysia";
import { MAX_LENGTH } from "../../src/shared/upload-rules";
import { NotifyingReply } from "../notifications/model";

/** SPEC §7 POST /track/{id}/fork. The title is checked (trimmed, required) by the service, with SPEC §5's message. */
export const ForkBody = t.Object({
  title: t.String({ maxLength: MAX_LENGTH.title, error: `Title must be text of at most ${MAX_LENGTH.title} characters` }),
  description: t.Optional(
    t.String({ maxLength: MAX_LENGTH.description, error: `Description must be at most ${MAX_LENGTH.description} characters` }),
  ),
  isPublic: t.Optional(t.Boolean({ error: "isPublic must be true or false" })),
  mix: t.Optional(
    t.Array(
      t.Object({
        stemId: t.String(),
        gainDb: t.Number({ minimum: -60, maximum: 12 }),
        pan: t.Number({ minimum: -1, maximum: 1 }),
        muted: t.Boolean(),
      }),
    ),
  ),
});

export const ForkReply = NotifyingReply({ id: t.String() });

const TreeTrack = {
  id: t.String(),
  title: t.String(),
  user: t.Object({ username: t.String() }),
  createdAt: t.String({ format: "date-time" }),
  isPublic: t.Boolean(),
};

/** SPEC §3 Fork tree response; each fork also names the track it was forked from, to draw the tree. */
export const ForkTree = t.Object({
  original: t.Object(TreeTrack),
  forks: t.Array(t.Object({ ...TreeTrack, forkCount: t.Integer(), forkedFromId: t.String() })),
  total: t.Integer(),
});
export type ForkTree = typeof ForkTree.static;

/** An ancestor in a fork's lineage; one that is deleted or not visible has no title, nor one whose owner deleted their account. */
export const Lineage = t.Object({
  ancestors: t.Array(
    t.Union([
      t.Object({ available: t.Literal(true), id: t.String(), title: t.String(), user: t.Object({ username: t.String() }) }),
      t.Object({ available: t.Literal(false), ownerDeleted: t.Optional(t.Literal(true)) }),
    ]),
  ),
});
export type Lineage = typeof Lineage.static;
