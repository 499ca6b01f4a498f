/**
 * Who may fetch which media: every route, on a public and a private track, as owner, another user,
 * a user it is shared with, an admin and a visitor, with the session token as a header and a media
 * token (a presigned URL) as ?token=.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { fetchMedia, grantedStatus } from "../../tests/support/media-fetch";
import { storedBytes, storedKeys } from "../../tests/support/stored-files";
import { uploadTrack } from "../../tests/support/test-tracks";
import { waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

const live = setUpServer();
const sessions: Record<string, Session> = {};
const tracks: Record<"public" | "private", TrackDetails> = {} as never;
/** Hashes of every file stored for each track (its media, derivatives included): what an allowed fetch must get. */
const storedHashes: Record<"public" | "private", bigint[]> = {} as never;
const hashOf = (bytes: Uint8Array) => BigInt(Bun.hash(bytes));

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
  for (const visibility of ["public", "private"] as const) {
    const keys = await storedKeys(live.server, `tracks/${tracks[visibility].id}/`);
    const files = await Promise.all(keys.map((key) => storedBytes(live.server, key)));
    storedHashes[visibility] = files.map((bytes) => hashOf(bytes ?? new Uint8Array()));
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

/** Each route, its path, and the type its bytes are served as (null: a JSON call, not a media file). */
const ROUTES: Array<[string, (track: TrackDetails) => string, string | null]> = [
  ["cover", (t) => `/track/${t.id}/cover`, "image/webp"],
  ["cover card", (t) => `/track/${t.id}/cover?size=card`, "image/webp"],
  ["full.mp3", (t) => `/track/${t.id}/full.mp3`, "audio/mpeg"],
  ["full.mp3 attachment", (t) => `/track/${t.id}/full.mp3?attachment`, "audio/mpeg"],
  ["full.wav attachment", (t) => `/track/${t.id}/full.wav?attachment`, "audio/wav"],
  ["full.flac attachment", (t) => `/track/${t.id}/full.flac?attachment`, "audio/flac"],
  ["original", (t) => `/track/${t.id}/original`, "audio/wav"],
  ["stem mp3", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}.mp3`, "audio/mpeg"],
  ["stem wav attachment", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}.wav?attachment`, "audio/wav"],
  ["stem flac attachment", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}.flac?attachment`, "audio/flac"],
  ["conversion status", (t) => `/track/${t.id}/audio-conversion-status?format=flac`, null],
  ["stem conversion status", (t) => `/track/${t.id}/stem/${t.stems[0]?.id}/audio-conversion-status?format=flac`, null],
];
const ACTORS = ["owner", "other", "shared", "admin", "anonymous"] as const;
const MAY_SEE_PRIVATE = new Set(["owner", "shared", "admin"]);

/**
 * "query" is a presigned URL (a media token in ?token=) when the actor may get one; when not, the
 * actor's session token in ?token=, which no route accepts. Fetched as a browser would (fetchMedia):
 * Stemma's own answer, and the bytes wherever they are served from.
 */
async function fetchAs(path: string, actor: (typeof ACTORS)[number], via: "header" | "query") {
  const token = actor === "anonymous" ? undefined : sessions[actor]?.token;
  const headers: Record<string, string> = {};
  let url = `/api${path}`;
  if (token && via === "header") headers.authorization = `Bearer ${token}`;
  if (token && via === "query") {
    const presigned = await call<{ url: string }>(live.server, "POST", "/media/presign", { token, body: { url: `/api${path}` } });
    if (presigned.status === 200) {
      expect(presigned.body.url).toContain("token=");
      url = presigned.body.url;
    } else url += `${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  }
  return fetchMedia(live.server, url, { headers });
}

describe.each(["public", "private"] as const)("%s track", (visibility) => {
  describe.each(ROUTES)("%s", (_name, pathOf, type) => {
    test.each(ACTORS.flatMap((actor) => (["header", "query"] as const).map((via) => [actor, via] as const)))(
      "as %s (token by %s)",
      async (actor, via) => {
        const track = tracks[visibility];
        const { stemma, served, body } = await fetchAs(pathOf(track), actor, via);
        // Media tokens open media files only; the conversion-status calls take the bearer header.
        const tokenWorks = via === "header" || type !== null;
        const allowed = visibility === "public" || (MAY_SEE_PRIVATE.has(actor) && tokenWorks);
        // Downloads are for signed-in users (SPEC §1); a visitor may still stream a public track.
        const attachment = pathOf(track).includes("attachment");
        const download = attachment && actor === "anonymous";
        const granted = type ? grantedStatus(live.server, 200) : 200;
        expect(stemma.status).toBe(allowed ? (download ? 401 : granted) : 404);
        expect(stemma.headers.get("referrer-policy")).toBe("no-referrer");
        if (allowed && download) {
          expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ message: "Authentication required" });
        } else if (allowed) {
          expect(served.status).toBe(200);
          expect(body.byteLength).toBeGreaterThan(0);
          if (type) {
            // Exactly the bytes of one of the track's stored files, wherever they were served from.
            expect(storedHashes[visibility]).toContain(hashOf(body));
            expect(served.headers.get("content-type")).toBe(type);
            expect(served.headers.get("content-disposition")?.startsWith("attachment;") ?? false).toBe(attachment);
            // A redirect names a short-lived URL made for this request: it is never stored, whoever may see the track.
            const cacheable = visibility === "public" && stemma.status !== 302;
            expect(stemma.headers.get("cache-control")).toContain(cacheable ? "public" : "no-store");
          }
        } else {
          // The same answer as for a track that does not exist: nothing leaks, and no way to the bucket.
          expect(stemma.headers.get("location")).toBeNull();
          expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ message: "Track not found" });
        }
      },
    );
  });
});

test("a visitor's ?attachment request is refused and counts no download; streaming stays open", async () => {
  const track = tracks.public;
  const owner = sessions.owner as Session;
  const totals = async () =>
    (await call<TrackDetails>(live.server, "GET", `/track/${track.id}`, { token: owner.token })).body.totalDownloads;
  const before = await totals();
  for (const path of [`/track/${track.id}/full.mp3?attachment`, `/track/${track.id}/original?attachment=1`]) {
    const { stemma } = await fetchAs(path, "anonymous", "header");
    expect(stemma.status).toBe(401);
  }
  const streamed = grantedStatus(live.server, 200);
  expect((await fetchAs(`/track/${track.id}/full.mp3`, "anonymous", "header")).stemma.status).toBe(streamed);
  expect((await fetchAs(`/track/${track.id}/original?attachment=0`, "anonymous", "header")).stemma.status).toBe(streamed);
  expect(await totals()).toBe(before);
});

test("a stem of another track is 404 even on a visible track", async () => {
  const foreignStem = tracks.private.stems[0]?.id;
  const { stemma } = await fetchAs(`/track/${tracks.public.id}/stem/${foreignStem}.mp3`, "owner", "header");
  expect(stemma.status).toBe(404);
});

test("a bad token is treated as a visitor: public media plays, private media is 404", async () => {
  const headers = { authorization: "Bearer not.a.token" };
  const statusOf = async (track: TrackDetails) =>
    (await fetchMedia(live.server, `/api/track/${track.id}/full.mp3`, { headers })).stemma.status;
  expect(await statusOf(tracks.public)).toBe(grantedStatus(live.server, 200));
  expect(await statusOf(tracks.private)).toBe(404);
});
