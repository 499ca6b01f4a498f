/**
 * POST /api/track/{id}/fork and GET /api/track/{id}/forks and /lineage, for a visitor, the original's
 * owner, another user, the fork's owner and an admin: who may fork, what a fork carries, the quota it
 * costs, the tree each of them sees, and the lineage a fork shows.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";

const STEMS = "stems/Nova Drift - Undertow";
const WITH_STEMS = {
  original: `${STEMS} (full mix).wav`,
  coverArt: "images/matplotlib-grace_hopper.jpg",
  stems: [
    { path: `${STEMS} - bass.wav`, name: "Bass", type: "bass" },
    { path: `${STEMS} - drums.wav`, name: "Drums", type: "drums" },
  ],
};

// 200 s: the 180 s track with two stems, uploaded, leaves its owner 20 s, less than a 60 s full track rendered with a mix.
const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "200" } });
let admin: Session;
let owner: Session;
let forker: Session;
let other: Session;
let original: TrackJson;
let privateId: string;

const get = <T = TrackJson>(path: string, session?: Session | null) =>
  call<T>(live.server, "GET", path, { token: session?.token });
const fork = (id: string, session: Session | null, body: Record<string, unknown> = { title: "My Fork" }) =>
  call<{ id: string; message: string }>(live.server, "POST", `/track/${id}/fork`, { token: session?.token, body });
const used = async (session: Session) =>
  (await get<{ currentUsedQuotaSeconds: number }>("/storage/quota", session)).body.currentUsedQuotaSeconds;

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  other = await signUp(live.server);
  const id = await createTrack(live.server, owner.token, { ...WITH_STEMS, data: { title: "Undertow", bpm: 120 } });
  original = await waitForProcessing(live.server, owner.token, id);
  privateId = await createTrack(live.server, owner.token, {
    original: "bad/CON.wav",
    data: { title: "Secret", isPublic: false },
  });
  await waitForProcessing(live.server, owner.token, privateId);
}, 120_000);

describe("who may fork", () => {
  test("a visitor must sign in; the owner and anyone who cannot see the track get its 404", async () => {
    expect((await fork(original.id, null)).status).toBe(401);
    const own = await fork(original.id, owner);
    expect([own.status, own.body.message]).toEqual([404, "Track not found"]);
    const hidden = await fork(privateId, other);
    expect([hidden.status, hidden.body.message]).toEqual([404, "Track not found"]);
    expect((await fork("no-such-track", other)).status).toBe(404);
  });

  test("an admin may fork a private track they can see; a blank title is refused with SPEC §5's message", async () => {
    const blank = await fork(privateId, admin, { title: "  " });
    expect([blank.status, blank.body.message]).toEqual([400, "Title is required"]);
    const forked = await fork(privateId, admin, { title: "Moderated" });
    expect(forked.status).toBe(201);
    expect((await get(`/track/${privateId}`, owner)).body.forkCount).toBe(1);
  });
});

describe("a fork", () => {
  let forkId: string;
  beforeAll(async () => {
    const res = await fork(original.id, forker, { title: "Undertow (Fork)", description: "Darker" });
    expect(res.status).toBe(201);
    forkId = res.body.id;
  });

  test("carries the original's metadata, stems and cover; is private by default; counts on the original", async () => {
    const copy = (await get(`/track/${forkId}`, forker)).body;
    expect(copy).toMatchObject({
      title: "Undertow (Fork)",
      description: "Darker",
      isPublic: false,
      isFork: true,
      forkedFromId: original.id,
      forkCount: 0,
      bpm: 120,
      primaryArtistName: original.primaryArtistName,
      duration: original.duration,
      waveformData: original.waveformData,
      totalPlays: 0,
      user: { username: forker.user.username },
    });
    expect(copy.stems.map((stem) => [stem.name, stem.duration])).toEqual(original.stems.map((s) => [s.name, s.duration]));
    // The same bytes are served for both: shared files, not copies.
    for (const [a, b] of [
      [`/track/${forkId}/full.mp3`, `/track/${original.id}/full.mp3`],
      [`/track/${forkId}/original`, `/track/${original.id}/original`],
      [`/track/${forkId}/cover`, `/track/${original.id}/cover`],
      [`${copy.stems[0]?.mp3Url}`.replace("/api", ""), `${original.stems[0]?.mp3Url}`.replace("/api", "")],
    ] as const) {
      const [mine, theirs] = await Promise.all([a, b].map((path) => get<string>(path, forker)));
      expect(mine?.status, a).toBe(200);
      expect(mine?.body, a).toEqual(theirs?.body as string);
    }
    expect((await get(`/track/${original.id}`)).body.forkCount).toBe(1);
    // Private: others get a 404.
    expect((await get(`/track/${forkId}`, other)).status).toBe(404);
  });

  test("costs the forker nothing (the fork shares the original's files) and tells the original's owner", async () => {
    expect(await used(forker)).toBe(0);
    expect((await get(`/track/${forkId}`, forker)).body.totalQuotaSeconds).toBe(0);
    const notes = await get<{ items: Array<{ title: string; message: string }> }>("/notifications", owner);
    expect(notes.body.items).toContainEqual(
      expect.objectContaining({ title: "Your track was forked", message: `${forker.user.username} forked "Undertow".` }),
    );
  });

  test("a fork of a fork: others may fork it (the original's owner too, free); the fork's owner may not", async () => {
    const shown = await call(live.server, "PATCH", `/track/${forkId}/visibility`, {
      token: forker.token,
      body: { isPublic: true },
    });
    expect(shown.status).toBe(200);
    expect((await fork(forkId, forker)).status).toBe(404);
    // The original's owner has 180 s of 200 s used: a plain fork still fits (it costs nothing), one with a mix (its
    // rendered full track, 60 s) does not, and is refused with nothing changed.
    const bass = (await get(`/track/${forkId}`, owner)).body.stems[0]?.id as string;
    const usedBefore = await used(owner);
    const withMix = await fork(forkId, owner, { title: "Mixed", mix: [{ stemId: bass, gainDb: -6, pan: 0, muted: false }] });
    expect(withMix.status).toBe(413);
    expect(withMix.body.message).toStartWith("This fork needs 1m 0s of storage but only ");
    expect(await used(owner)).toBe(usedBefore);
    expect((await fork(forkId, owner, { title: "Plain" })).status).toBe(201);
    expect(await used(owner)).toBe(usedBefore);
    const grandchild = await fork(forkId, admin, { title: "Back Home", isPublic: true });
    expect(grandchild.status).toBe(201);
    expect((await get(`/track/${grandchild.body.id}`)).body).toMatchObject({ forkedFromId: forkId, isFork: true });
    expect((await get(`/track/${forkId}`)).body.forkCount).toBe(2);
  });
});
