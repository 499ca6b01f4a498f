/**
 * Forks share their original's files (no bytes copied), and purging a deleted track deletes only the
 * files no remaining track or stem names: a fork keeps playing after its original is purged, and the
 * other way round. DELETION_GRACE_SECONDS is 1 s here.
 */
import { beforeAll, expect, test } from "bun:test";
import type { TrackPage as ListPage } from "../../modules/lists/model";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";

const STEMS = "stems/Nova Drift - Undertow";
const live = setUpServer({ env: { DELETION_GRACE_SECONDS: "1" } });
let admin: Session;
let owner: Session;
let forker: Session;

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  forker = await signUp(live.server);
}, 30_000);

const mediaFiles = () => storedKeys(live.server);

async function uploadWithStem(): Promise<TrackJson> {
  const id = await createTrack(live.server, owner.token, {
    original: `${STEMS} (full mix).wav`,
    coverArt: "images/matplotlib-grace_hopper.jpg",
    stems: [{ path: `${STEMS} - bass.wav`, name: "Bass", type: "bass" }],
  });
  return waitForProcessing(live.server, owner.token, id);
}

async function forkOf(id: string): Promise<TrackJson> {
  const res = await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, {
    token: forker.token,
    body: { title: "Shared", isPublic: true },
  });
  expect(res.status).toBe(201);
  return (await call<TrackJson>(live.server, "GET", `/track/${res.body.id}`, { token: forker.token })).body;
}

async function deleteAndPurge(session: Session, id: string): Promise<void> {
  expect((await call(live.server, "DELETE", "/tracks", { token: session.token, body: { trackIds: [id] } })).status).toBe(200);
  for (let attempt = 0; attempt < 200; attempt++) {
    const page = await call<ListPage>(live.server, "GET", "/tracks/deleted?status=DELETED", { token: admin.token });
    if (page.body.items.some((item) => item.id === id)) return;
    await Bun.sleep(100);
  }
  throw new Error(`track ${id} was never purged`);
}

/** Every media URL of a track answers 200 with its bytes. */
async function playable(track: TrackJson, session: Session): Promise<void> {
  const paths = [`/track/${track.id}/original`, `/track/${track.id}/full.mp3`, `/track/${track.id}/cover`];
  paths.push(...track.stems.map((stem) => `${stem.mp3Url}`.replace(/^\/api/, "")));
  for (const path of paths) {
    const res = await fetch(`${live.server.url}/api${path}`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(res.status, path).toBe(200);
    expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
  }
}

test("a fork copies no bytes and keeps playing after its original is purged; the last user's purge removes them", async () => {
  const before = (await mediaFiles()).length;
  const original = await uploadWithStem();
  const withOriginal = (await mediaFiles()).length;
  const fork = await forkOf(original.id);
  expect((await mediaFiles()).length).toBe(withOriginal);
  expect(withOriginal).toBeGreaterThan(before);

  await deleteAndPurge(owner, original.id);
  await playable(fork, forker);
  expect((await mediaFiles()).length).toBe(withOriginal);

  await deleteAndPurge(forker, fork.id);
  expect((await mediaFiles()).length).toBe(before);
}, 120_000);

test("an original keeps playing after its fork is purged", async () => {
  const before = (await mediaFiles()).length;
  const original = await uploadWithStem();
  const fork = await forkOf(original.id);
  await deleteAndPurge(forker, fork.id);
  await playable(original, owner);
  await deleteAndPurge(owner, original.id);
  expect((await mediaFiles()).length).toBe(before);
}, 120_000);
