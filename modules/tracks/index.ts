import { Elysia, t } from "elysia";
import { authGuard } from "../auth/guard";
import { trackEditModule } from "./edit";
import { trackListsModule } from "./lists";
import { resumePendingProcessing } from "./processing";
import { purgeSweep } from "./purge";
import * as tracks from "./service";
import { uploadTrack } from "./upload";

const SharedWith = t.Array(t.Object({ userId: t.String(), user: t.Object({ email: t.String() }) }));
const UserIds = t.Object({ userIds: t.Array(t.String(), { maxItems: 100, error: "userIds must be a list of user ids" }) });

/** SPEC §7 Tracks: upload, read, edit, visibility, sharing and the lists. Media routes live in modules/media. */
export const tracksModule = new Elysia({ name: "module.tracks", detail: { tags: ["Tracks"] } })
  .use(authGuard)
  .onStart(() => resumePendingProcessing())
  .onStart(purgeSweep.start)
  .onStop(purgeSweep.stop)
  .use(trackEditModule)
  .use(trackListsModule)
  .post(
    "/track",
    async ({ user, body, set }) => {
      const { track, notification } = await uploadTrack(user, body);
      set.status = 201;
      return { id: track.id, track: tracks.getTrack(track.id, user), ...(notification ? { notification } : {}) };
    },
    {
      auth: true,
      body: t.Object({
        // Elysia already JSON-decodes a multipart field that holds JSON; the service accepts either form.
        data: t.Optional(t.Unknown()),
        original: t.Optional(t.File()),
        coverArt: t.Optional(t.File()),
        stems: t.Optional(t.Files()),
      }),
      detail: { summary: "Upload a track (multipart: data JSON, original, optional coverArt and stems)" },
    },
  )
  .get("/track/:id", ({ params, viewer }) => tracks.getTrack(params.id, viewer), {
    detail: { summary: "A track as SPEC §3 describes it; private tracks answer 404 to others" },
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
  });
