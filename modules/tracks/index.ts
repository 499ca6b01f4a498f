import { Elysia, t } from "elysia";
import { config } from "../../src/server/config";
import { periodicSweep } from "../../src/server/sweep";
import { authGuard } from "../auth";
import * as tracks from "./service";
import { backfillWaveformPreviews } from "./waveform-preview";

const SharedWith = t.Array(t.Object({ userId: t.String(), user: t.Object({ email: t.String() }) }));
const UserIds = t.Object({ userIds: t.Array(t.String(), { maxItems: 100, error: "userIds must be a list of user ids" }) });
const MAX_DELETE_BATCH = 100;
/**
 * Enqueues the purge job (purge.ts) a few times per grace period. Made here, not in purge.ts: the
 * sweep needs the queue, which scripts reaching the service (grant-quota) must not open.
 */
const purgeSweep = periodicSweep("tracks.purge", config.deletionGraceSeconds);

/**
 * SPEC §7 Tracks: read, edit, visibility, sharing and deletion of one track. Uploads live in
 * modules/uploads, the lists in modules/lists, media routes in modules/media.
 */
export const tracksModule = new Elysia({ name: "module.tracks", detail: { tags: ["Tracks"] } })
  .use(authGuard)
  .onStart(backfillWaveformPreviews)
  .onStart(purgeSweep.start)
  .onStop(purgeSweep.stop)
  .get("/track/:id", ({ params, viewer }) => tracks.getTrack(params.id, viewer), {
    detail: { summary: "A track as SPEC §3 describes it; private tracks answer 404 to others" },
  })
  .patch("/track/:id", ({ params, user, body }) => tracks.editTrack(params.id, user, body), {
    auth: true,
    // Checked by the upload's rules in the service, so both answer with the same SPEC §5 messages.
    body: t.Unknown(),
    detail: {
      summary: "Edit track info",
      description:
        "JSON: title, primaryArtistName, bpm, key, genreNames, description, isExplicit, isPublic, licenseId, and optionally releaseDate (ISO) with releaseDatePrecision (YEAR, MONTH or DAY).",
    },
  })
  .patch("/track/:id/visibility", ({ params, user, body }) => tracks.setVisibility(params.id, user, body.isPublic), {
    auth: true,
    body: t.Object({ isPublic: t.Boolean() }),
  })
  .post("/track/:id/share", ({ params, user, body }) => ({ sharedWith: tracks.share(params.id, user, body.userIds) }), {
    auth: true,
    body: UserIds,
    response: t.Object({ sharedWith: SharedWith }),
  })
  .delete("/track/:id/share", ({ params, user, body }) => ({ sharedWith: tracks.unshare(params.id, user, body.userIds) }), {
    auth: true,
    body: UserIds,
    response: t.Object({ sharedWith: SharedWith }),
  })
  .delete("/tracks", ({ user, body }) => tracks.deleteTracks(user, body.trackIds), {
    auth: true,
    body: t.Object({
      trackIds: t.Array(t.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: MAX_DELETE_BATCH,
        error: `trackIds must list 1 to ${MAX_DELETE_BATCH} track ids`,
      }),
    }),
    response: t.Object({ deletedIds: t.Array(t.String()) }),
    detail: { tags: ["Track lists"] },
  });
