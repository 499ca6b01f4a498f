import { Elysia, t } from "elysia";
import { badRequest } from "../../src/server/errors";
import { clientIp } from "../../src/server/http/client-ip";
import { oneOf } from "../../src/server/http/one-of";
import { authGuard } from "../auth";
import type { Viewer } from "../auth/service";
import { findViewableTrack, requireStemOf } from "../tracks/service";
import { type Listener, recordPlay } from "./service";

/** SPEC §3 play usage event, plus the visitor's anonymous id (kept by the browser in session storage). */
const UsageBody = t.Object({
  eventType: t.Literal("PLAY", { error: "eventType must be PLAY" }),
  playbackSource: oneOf(["STREAM", "SYNCED"], "playbackSource must be STREAM or SYNCED"),
  duration: t.Number({ minimum: 0, maximum: 86_400, error: "duration must be a number of seconds" }),
  anonymousId: t.Optional(
    t.String({ pattern: "^[A-Za-z0-9_-]{8,64}$", error: "anonymousId must be 8 to 64 letters, digits, _ or -" }),
  ),
});

function listenerOf(viewer: Viewer | null, anonymousId: string | undefined, ip: string): Listener {
  if (viewer) return { userId: viewer.id };
  if (!anonymousId) throw badRequest("anonymousId is required when not signed in");
  return { anonymousId, ip };
}

/** SPEC §7 usage: records plays of a track or one of its stems that the caller may see. */
export const playsModule = new Elysia({ name: "module.plays", detail: { tags: ["Plays"] } })
  .use(authGuard)
  .post(
    "/track/:id/usage",
    async ({ params, body, viewer, server, request }) =>
      recordPlay(
        await findViewableTrack(params.id, viewer),
        null,
        listenerOf(viewer, body.anonymousId, clientIp(server, request)),
        body,
      ),
    {
      detail: { summary: "Count a play or a download of a track" },
      body: UsageBody,
      response: t.Object({ counted: t.Boolean() }),
    },
  )
  .post(
    "/track/:id/stem/:stemId/usage",
    async ({ params, body, viewer, server, request }) => {
      const track = await findViewableTrack(params.id, viewer);
      const listener = listenerOf(viewer, body.anonymousId, clientIp(server, request));
      return recordPlay(track, await requireStemOf(track.id, params.stemId), listener, body);
    },
    {
      detail: { summary: "Count a play or a download of a stem" },
      body: UsageBody,
      response: t.Object({ counted: t.Boolean() }),
    },
  );
