/**
 * Advisory regressions on media: path traversal through every media route (encoded, double-encoded,
 * backslash), and derived files (covers, conversions, stems) after an unshare and after a delete
 * (Immich #29599, Audiobookshelf CVE-2026-42883, PeerTube PR #5370).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { call, type Session, signUp } from "../support/api";
import { setUpServer } from "../support/lifecycle";
import { fetchMedia, grantedStatus } from "../support/media-fetch";
import { clusterOf } from "../support/server";
import { createTrack, waitForProcessing } from "../support/uploads";

const live = setUpServer();
let owner: Session;
let shared: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  owner = await signUp(live.server);
  shared = await signUp(live.server);
}, 30_000);

interface Track {
  id: string;
  stems: Array<{ id: string; flacUrl: string | null }>;
  fullTrackFlacUrl: string | null;
}

async function privateTrackWithEverything(): Promise<Track> {
  const id = await createTrack(live.server, owner.token, {
    original: "bad/CON.wav",
    coverArt: "images/matplotlib-Minduka_Present_Blue_Pack.png",
    stems: [{ path: "bad/CON.wav", name: "Bass", type: "bass" }],
    data: { isPublic: false },
  });
  const view = await waitForProcessing<Track>(live.server, owner.token, id);
  const stemId = view.stems[0]?.id;
  for (const body of [
    { type: "full", format: "flac" },
    { type: "stem", stemId, format: "flac" },
  ])
    await call(live.server, "POST", `/track/${id}/convert-audio`, { token: owner.token, body });
  for (let attempt = 0; attempt < 300; attempt++) {
    const current = (await call<Track>(live.server, "GET", `/track/${id}`, { token: owner.token })).body;
    if (current.fullTrackFlacUrl && current.stems[0]?.flacUrl) return current;
    await Bun.sleep(100);
  }
  throw new Error("conversions did not finish");
}

/** Every derived file of a track: cover sizes, MP3, WAV/FLAC conversions, the stem's files. */
const derivedFiles = (track: Track) => {
  const stem = track.stems[0]?.id;
  return [
    "cover?size=thumb",
    "cover?size=card",
    "cover?size=page",
    "cover?size=page2x",
    "original",
    "full.mp3",
    "full.wav?attachment",
    "full.flac?attachment",
    `stem/${stem}.mp3`,
    `stem/${stem}.wav?attachment`,
    `stem/${stem}.flac?attachment`,
  ].map((file) => `/api/track/${track.id}/${file}`);
};

const presign = async (session: Session, url: string) =>
  (await call<{ url: string }>(live.server, "POST", "/media/presign", { token: session.token, body: { url } })).body.url;
/** Stemma's answer to a media URL, fetched as a browser does; an allowed one must also deliver the bytes. */
async function statusOf(url: string, session?: Session): Promise<number> {
  const { stemma, served } = await fetchMedia(live.server, url, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
  if (stemma.status === grantedStatus(live.server, 200)) expect(served.status).toBe(200);
  return stemma.status;
}

describe("derived files", () => {
  test("after an unshare: every cover size, conversion and stem file is 404 to the former share, by header and presigned URL", async () => {
    const track = await privateTrackWithEverything();
    await call(live.server, "POST", `/track/${track.id}/share`, { token: owner.token, body: { userIds: [shared.user.id] } });
    const presigned = await Promise.all(derivedFiles(track).map((url) => presign(shared, url)));
    for (const url of [...derivedFiles(track), ...presigned])
      expect(await statusOf(url, shared)).toBe(grantedStatus(live.server, 200));
    await call(live.server, "DELETE", `/track/${track.id}/share`, { token: owner.token, body: { userIds: [shared.user.id] } });
    for (const url of derivedFiles(track)) expect(await statusOf(url, shared)).toBe(404);
    for (const url of presigned) expect(await statusOf(url)).toBe(404);
    for (const url of derivedFiles(track)) expect(await statusOf(url, owner)).toBe(grantedStatus(live.server, 200));
  }, 60_000);

  test("after a delete: every derived file is 404 to the owner and the share, by header and presigned URL", async () => {
    const track = await privateTrackWithEverything();
    await call(live.server, "POST", `/track/${track.id}/share`, { token: owner.token, body: { userIds: [shared.user.id] } });
    const presigned = await Promise.all(derivedFiles(track).map((url) => presign(owner, url)));
    await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [track.id] } });
    for (const url of derivedFiles(track)) {
      expect(await statusOf(url, owner)).toBe(404);
      expect(await statusOf(url, shared)).toBe(404);
    }
    for (const url of presigned) expect(await statusOf(url)).toBe(404);
  }, 60_000);
});

/** The session secret where each target keeps it: the file one server made in DATA_DIR, a cluster's shared JWT_SECRET. */
const jwtSecret = () =>
  clusterOf(live.server)?.env.JWT_SECRET ?? readFileSync(join(live.server.dataDir, "jwt-secret"), "utf8").trim();

describe("path traversal", () => {
  const TRAVERSALS = [
    "..%2F..%2F..%2Fjwt-secret",
    "%2e%2e%2f%2e%2e%2fjwt-secret",
    "..%252F..%252Fjwt-secret",
    "%252e%252e%252fjwt-secret",
    "..%5C..%5Cjwt-secret",
    "..\\..\\jwt-secret",
    "....%2F%2F....%2F%2Fjwt-secret",
    "%2Fetc%2Fpasswd",
    "..%00.mp3",
    "..%c0%af..%c0%afjwt-secret",
  ];
  const ROUTES = [
    (bad: string) => `/api/track/${bad}/cover`,
    (bad: string) => `/api/track/${bad}/original`,
    (bad: string) => `/api/track/${bad}/full.mp3`,
    (bad: string) => `/api/track/${bad}/full.wav`,
    (bad: string) => `/api/track/${bad}/full.flac`,
    (bad: string) => `/api/track/${bad}/stem/x.mp3`,
    (bad: string) => `/api/track/TRACK/stem/${bad}.mp3`,
    (bad: string) => `/api/track/TRACK/stem/${bad}`,
    (bad: string) => `/api/track/TRACK/cover?size=${bad}`,
  ];

  test.each(TRAVERSALS)("%s through every media route answers 4xx and never a stored file", async (bad) => {
    const secret = jwtSecret();
    const track = await createTrack(live.server, owner.token, { original: "bad/CON.wav", data: { isPublic: true } });
    for (const route of ROUTES) {
      const url = route(bad).replace("TRACK", track);
      const response = await fetch(`${live.server.url}${url}`, { headers: { authorization: `Bearer ${owner.token}` } });
      const body = await response.text();
      expect([400, 404]).toContain(response.status);
      expect(body).not.toContain(secret);
      expect(body).not.toContain("root:");
    }
  });
});
