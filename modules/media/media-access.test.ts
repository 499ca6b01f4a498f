/**
 * Who may fetch which media: every route, on a public and a private track, as owner, another user,
 * a user it is shared with, an admin and a visitor, with the session token as a header and a media
 * token (a presigned URL) as ?token=.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTrack } from "../../tests/support/test-tracks";
import { waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

const live = setUpServer();
const sessions: Record<string, Session> = {};
const tracks: Record<"public" | "private", TrackDetails> = {} as never;

beforeAll(async () => {
  // The first account is the ADMIN.
  for (const name of ["admin", "owner", "other", "shared"]) sessions[name] = await signUp(live.server);
  const input = {
    original: "stems/Nova Drift - Undertow (full mix).wav",
    originalFormat: "wav",
    cover: "images/matplotlib-Minduka_Present_Blue_Pack.png",
    stems: [{ path: "stems/Nova Drift - Undertow - bass.wav", name: "Bass", type: "bass" }],
  };
  const owner = sessions.owner as Session;
  tracks.public = await uploadTrack(live.server, owner, { ...input, isPublic: true });
  tracks.private = await uploadTrack(live.server, owner, { ...input, isPublic: false });
  const share = await call(live.server, "POST", `/track/${tracks.private.id}/share`, {
    token: owner.token,
    body: { userIds: [(sessions.shared as Session).user.id] },
  });
  expect(share.status).toBeLessThan(300);
  // FLAC derivatives exist for the full track and the stem, so their download routes are in the table too.
  for (const track of [tracks.public, tracks.private]) {
    for (const body of [
      { type: "full", format: "flac" },
      { type: "stem", stemId: track.stems[0]?.id, format: "flac" },
    ]) {
      await call(live.server, "POST", `/track/${track.id}/convert-audio`, { token: owner.token, body });
    }
    await waitForFlac(track);
  }
}, 120_000);

async function waitForFlac(track: TrackDetails): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const view = await waitForProcessing<TrackDetails>(live.server, (sessions.owner as Session).token, track.id);
    if (view.fullTrackFlacUrl && view.stems[0]?.flacUrl) return;
    await Bun.sleep(100);
  }
  throw new Error("FLAC conversions did not finish");
}

const ROUTES: Array<[string, (track: TrackDetails) => string]> = [
  ["cover", (t) => `/track/${t.id}/cover`],
  ["cover card", (t) => `/track/${t.id}/cover?size=card`],
  ["full.mp3", (t) => `/track/${t.id}/full.mp3`],
  ["full.mp3 attachment", (t) => `/track/${t.id}/full.mp3?attachment`],
  ["full.wav attachment", (t) => `/track/${t.id}/full.wav?attachment`],
  ["full.flac attachment", (t) => `/track/${t.id}/full.flac?attachment`],
  ["original", (t) => `/track/${t.id}/original`],
  ["stem mp3", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}.mp3`],
  ["stem wav attachment", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}.wav?attachment`],
  ["stem flac attachment", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}.flac?attachment`],
  ["conversion status", (t) => `/track/${t.id}/audio-conversion-status?format=flac`],
  ["stem conversion status", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}/audio-conversion-status?format=flac`],
];
const ACTORS = ["owner", "other", "shared", "admin", "anonymous"] as const;
const MAY_SEE_PRIVATE = new Set(["owner", "shared", "admin"]);

/**
 * "query" is a presigned URL (a media token in ?token=) when the actor may get one; when not, the
 * actor's session token in ?token=, which no route accepts.
 */
async function fetchAs(path: string, actor: (typeof ACTORS)[number], via: "header" | "query") {
  const token = actor === "anonymous" ? undefined : sessions[actor]?.token;
  const headers: Record<string, string> = {};
  let url = `${live.server.url}/api${path}`;
  if (token && via === "header") headers.authorization = `Bearer ${token}`;
  if (token && via === "query") {
    const presigned = await call<{ url: string }>(live.server, "POST", "/media/presign", { token, body: { url: `/api${path}` } });
    if (presigned.status === 200) {
      expect(presigned.body.url).toContain("token=");
      url = `${live.server.url}${presigned.body.url}`;
    } else url += `${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  }
  const response = await fetch(url, { headers });
  return { response, body: await response.arrayBuffer() };
}

describe.each(["public", "private"] as const)("%s track", (visibility) => {
  describe.each(ROUTES)("%s", (_name, pathOf) => {
    test.each(ACTORS.flatMap((actor) => (["header", "query"] as const).map((via) => [actor, via] as const)))(
      "as %s (token by %s)",
      async (actor, via) => {
        const track = tracks[visibility];
        const { response, body } = await fetchAs(pathOf(track), actor, via);
        // Media tokens open media files only; the conversion-status calls take the bearer header.
        const tokenWorks = via === "header" || !pathOf(track).includes("conversion-status");
        const allowed = visibility === "public" || (MAY_SEE_PRIVATE.has(actor) && tokenWorks);
        expect(response.status).toBe(allowed ? 200 : 404);
        expect(response.headers.get("referrer-policy")).toBe("no-referrer");
        if (allowed) {
          expect(body.byteLength).toBeGreaterThan(0);
          if (!response.headers.get("content-type")?.includes("json")) {
            const cache = response.headers.get("cache-control") ?? "";
            expect(cache).toContain(visibility === "public" ? "public" : "no-store");
          }
        } else {
          // The same answer as for a track that does not exist: nothing leaks.
          expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ message: "Track not found" });
        }
      },
    );
  });
});

test("a stem of another track is 404 even on a visible track", async () => {
  const foreignStem = tracks.private.stems[0]?.id;
  const { response } = await fetchAs(`/track/${tracks.public.id}/stem/${foreignStem}.mp3`, "owner", "header");
  expect(response.status).toBe(404);
});

test("a bad token is treated as a visitor: public media plays, private media is 404", async () => {
  const bad = { authorization: "Bearer not.a.token" };
  expect((await fetch(`${live.server.url}/api/track/${tracks.public.id}/full.mp3`, { headers: bad })).status).toBe(200);
  expect((await fetch(`${live.server.url}/api/track/${tracks.private.id}/full.mp3`, { headers: bad })).status).toBe(404);
});
