import { t } from "elysia";
import { MIX_GAIN_DB, MIX_PAN } from "../../src/shared/stem-mix";
import { MAX_LENGTH, MAX_STEMS } from "../../src/shared/upload-rules";
import { License } from "../licenses/model";
import { NotifyingReply } from "../notifications/model";

/** One stem of the original and how it sounds in the fork's full track ("Fork with this mix"). */
export const StemMix = t.Object({
  stemId: t.String({ error: "stemId must be the id of one of the track's stems" }),
  gainDb: t.Number({
    minimum: MIX_GAIN_DB.min,
    maximum: MIX_GAIN_DB.max,
    error: `gainDb must be a number from ${MIX_GAIN_DB.min} to ${MIX_GAIN_DB.max}`,
  }),
  pan: t.Number({
    minimum: MIX_PAN.min,
    maximum: MIX_PAN.max,
    error: `pan must be a number from ${MIX_PAN.min} (left) to ${MIX_PAN.max} (right)`,
  }),
  muted: t.Boolean({ error: "muted must be true or false" }),
});
export type StemMix = typeof StemMix.static;

/**
 * SPEC §7 POST /track/{id}/fork. The title is checked (trimmed, required) by the service, with SPEC §5's message.
 * With `mix`, the fork's full track is rendered from the stems as the mix says (stems it does not name at unity,
 * centred), and the fork keeps every stem.
 */
export const ForkBody = t.Object({
  title: t.String({ maxLength: MAX_LENGTH.title, error: `Title must be text of at most ${MAX_LENGTH.title} characters` }),
  description: t.Optional(
    t.String({ maxLength: MAX_LENGTH.description, error: `Description must be at most ${MAX_LENGTH.description} characters` }),
  ),
  isPublic: t.Optional(t.Boolean({ error: "isPublic must be true or false" })),
  mix: t.Optional(t.Array(StemMix, { maxItems: MAX_STEMS, error: `mix must list at most ${MAX_STEMS} stems` })),
});
export type ForkBody = typeof ForkBody.static;

export const ForkReply = NotifyingReply({ id: t.String() });

/**
 * POST /track/{id}/mix ("Download this mix"): the file a fork with this `mix` would have as its full track, in
 * `format`. The mix is the fork's (`StemMix`), with the same checks.
 */
export const MixDownloadBody = t.Object({
  format: t.UnionEnum(["mp3", "wav"], { error: "format must be mp3 or wav" }),
  mix: t.Array(StemMix, { maxItems: MAX_STEMS, error: `mix must list at most ${MAX_STEMS} stems` }),
});
export type MixDownloadBody = typeof MixDownloadBody.static;

const TreeTrack = {
  id: t.String(),
  title: t.String(),
  user: t.Object({ username: t.String() }),
  createdAt: t.String({ format: "date-time" }),
  isPublic: t.Boolean(),
};

/**
 * SPEC §3 Fork tree response; each fork also names the track it was forked from, and the track the tree draws it
 * under (`listedParentId`: its parent, or when the viewer may not see that one, the nearest ancestor listed, or the
 * original). `privateCount`: the family's active forks the viewer may not list (others' private ones), counted so the
 * dialog can say so rather than 'No public forks found.' under a page that counts them.
 */
export const ForkTree = t.Object({
  original: t.Object(TreeTrack),
  forks: t.Array(t.Object({ ...TreeTrack, forkCount: t.Integer(), forkedFromId: t.String(), listedParentId: t.String() })),
  total: t.Integer(),
  privateCount: t.Integer(),
});
export type ForkTree = typeof ForkTree.static;

/**
 * An ancestor in a fork's lineage; one that is deleted or not visible has no title, nor one whose owner deleted their
 * account. A visible one carries its licence, for the fork's attribution line ("Based on 'Undertow' by alice, CC BY-SA
 * 4.0"): read as the page asks, so a renamed or relicensed ancestor shows as it is now.
 */
export const Lineage = t.Object({
  ancestors: t.Array(
    t.Union([
      t.Object({
        available: t.Literal(true),
        id: t.String(),
        title: t.String(),
        user: t.Object({ username: t.String() }),
        licenseType: t.Nullable(License.properties.type),
      }),
      t.Object({ available: t.Literal(false), ownerDeleted: t.Optional(t.Literal(true)) }),
    ]),
  ),
});
export type Lineage = typeof Lineage.static;
