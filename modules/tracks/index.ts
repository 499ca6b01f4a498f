import { Elysia, t } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { accountLeaving } from "../auth/service";
import { DeletedIds, DeleteTracksBody, SharedWithReply, TrackDetails, TrackInfoBody, UserIds, Visibility } from "./model";
import { restoreTrack } from "./restore";
import * as tracks from "./service";
import { backfillWaveformPreviews } from "./waveform-preview";

accountLeaving.provide({
  activeTrackCount: tracks.activeTrackCount,
  leave: tracks.leaveWithAccount,
});

/**
 * SPEC §7 Tracks: read, edit, visibility, sharing and deletion of one track. Uploads live in
 * modules/uploads, the lists in modules/lists, media routes in modules/media.
 */
export const tracksModule = new Elysia({ name: "module.tracks", detail: { tags: ["Tracks"] } })
  .use(authGuard)
  .onStart(backfillWaveformPreviews)
  .get("/track/:id", ({ params, viewer }) => tracks.getTrack(params.id, viewer), {
    response: TrackDetails,
    detail: { summary: "A track as SPEC §3 describes it; private tracks answer 404 to others" },
  })
  .patch("/track/:id", ({ params, user, body }) => tracks.editTrack(params.id, user, body), {
    auth: true,
    // Checked in the service after the access check (a stranger gets 404 whatever they sent): the
    // schema for types and lengths, then the upload's rules for the licence, the date and clean-up.
    body: t.Unknown(),
    response: TrackDetails,
    detail: {
      summary: "Edit track info",
      // The schema object as OpenAPI reads it (its error callbacks are not part of the document).
      requestBody: { content: { "application/json": { schema: TrackInfoBody as object } } },
    },
  })
  .patch("/track/:id/visibility", ({ params, user, body }) => tracks.setVisibility(params.id, user, body.isPublic), {
    detail: { summary: "Make a track public or private" },
    auth: true,
    body: Visibility,
    response: TrackDetails,
  })
  .post(
    "/track/:id/share",
    async ({ params, user, body }) => ({ sharedWith: await tracks.share(params.id, user, body.userIds) }),
    { detail: { summary: "Share a track with users" }, auth: true, body: UserIds, response: SharedWithReply },
  )
  .delete(
    "/track/:id/share",
    async ({ params, user, body }) => ({ sharedWith: await tracks.unshare(params.id, user, body.userIds) }),
    { detail: { summary: "Stop sharing a track with users" }, auth: true, body: UserIds, response: SharedWithReply },
  )
  .post("/track/:id/restore", ({ params, user }) => restoreTrack(params.id, user), {
    admin: true,
    response: { 200: TrackDetails, ...refusals(409) },
    detail: { summary: "Admins: a track pending deletion back to active, its owner told; 409 once that cannot be" },
  })
  .delete("/tracks", ({ user, body }) => tracks.deleteTracks(user, body.trackIds), {
    auth: true,
    body: DeleteTracksBody,
    response: DeletedIds,
    detail: { summary: "Delete tracks (they stay restorable for a while)", tags: ["Track lists"] },
  });
