/**
 * Issue 37, item 10: a fork costs the seconds of what it adds, never the files it shares with its original. Five forks
 * of a four-stem track cost nothing; a stem added or replaced, audio replaced and a full track rendered "with this mix"
 * cost their seconds; removing what a fork added, or deleting the fork, gives them back; removing a shared stem costs
 * and gives nothing (the mix made again is free); the original's owner is charged for the original throughout.
 */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { addStem, editStem, removeStem, replaceAudio, STEMS, stemPath, studioForm, waitReady } from "../../tests/support/studio";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";
import type { StorageQuota } from "../storage/model";
import type { TrackDetails } from "../tracks/model";

const live = setUpServer();
let admin: Session;
let owner: Session;
let forker: Session;
let carol: Session;
let original: TrackDetails;
const forkIds: string[] = [];

const used = async (session: Session) =>
  (await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: session.token })).body.currentUsedQuotaSeconds;
const charge = async (id: string, session: Session) =>
  (await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: session.token })).body.totalQuotaSeconds;
async function fork(id: string, session: Session, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, {
    token: session.token,
    body: { title: "Fork", isPublic: true, ...body },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  carol = await signUp(live.server);
  const id = await createTrack(live.server, owner.token, {
    original: `${STEMS} (full mix).wav`,
    stems: ["bass", "drums", "synth", "vocals"].map((part) => ({ path: stemPath(part), name: part, type: "other" })),
  });
  original = await waitForProcessing(live.server, owner.token, id);
  for (let n = 0; n < 5; n++) forkIds.push(await fork(original.id, forker, { title: `Fork ${n}` }));
}, 120_000);

test("five forks of a 60 s track with four stems cost nothing; the original's owner pays its 300 s", async () => {
  expect(await used(forker)).toBe(0);
  for (const id of forkIds) expect(await charge(id, forker)).toBe(0);
  expect(await used(owner)).toBeCloseTo(300, 3);
  expect(original.totalQuotaSeconds).toBeCloseTo(300, 3);
});

test("a stem added to a fork costs its seconds; a fork of that fork shares it free; removing it refunds them", async () => {
  const [id] = forkIds as [string];
  const added = await addStem(live.server, forker, id, studioForm("stemFile", stemPath("synth"), { name: "Synth 2" }));
  expect(added.status).toBe(201);
  await waitReady(live.server, forker, id);
  expect(await used(forker)).toBeCloseTo(60, 3);
  expect(await charge(id, forker)).toBeCloseTo(60, 3);

  const grandchild = await fork(id, carol);
  expect(await used(carol)).toBe(0);

  expect((await removeStem(live.server, forker, id, added.body.id)).status).toBe(200);
  // The mix is made again without it: that costs nothing either.
  await waitReady(live.server, forker, id);
  expect(await used(forker)).toBe(0);
  expect(await charge(grandchild, carol)).toBe(0);
  expect(await used(owner)).toBeCloseTo(300, 3);
}, 120_000);

test("removing a stem the fork shares refunds nothing and costs nothing", async () => {
  const id = forkIds[1] as string;
  const before = await waitReady(live.server, forker, id);
  expect((await removeStem(live.server, forker, id, before.stems[0]?.id as string)).status).toBe(200);
  const after = await waitReady(live.server, forker, id);
  expect(after.stems).toHaveLength(3);
  expect(after.totalQuotaSeconds).toBe(0);
  expect(await used(forker)).toBe(0);
}, 120_000);

test("new audio on a fork costs its seconds once: a shared stem replaced, the audio replaced, then replaced again", async () => {
  const id = forkIds[2] as string;
  const stem = (await waitReady(live.server, forker, id)).stems[0]?.id as string;
  expect((await editStem(live.server, forker, id, stem, studioForm("stemFile", stemPath("vocals"), {}))).status).toBe(200);
  await waitReady(live.server, forker, id);
  expect(await used(forker)).toBeCloseTo(60, 3);
  // The stem is the fork's own now: replacing it again costs only the difference (none: same length).
  expect((await editStem(live.server, forker, id, stem, studioForm("stemFile", stemPath("drums"), {}))).status).toBe(200);
  await waitReady(live.server, forker, id);
  expect(await used(forker)).toBeCloseTo(60, 3);

  const audio = "stems/variants/Nova Drift - Undertow - vocals.flac";
  expect((await replaceAudio(live.server, forker, id, studioForm("original", audio))).status).toBe(200);
  await waitReady(live.server, forker, id);
  expect(await used(forker)).toBeCloseTo(120, 3);
  expect((await replaceAudio(live.server, forker, id, studioForm("original", audio))).status).toBe(200);
  await waitReady(live.server, forker, id);
  expect(await used(forker)).toBeCloseTo(120, 3);
  expect(await used(owner)).toBeCloseTo(300, 3);
}, 180_000);

test("'Fork with this mix' costs its rendered full track; deleting a fork refunds what it cost, restoring charges it again", async () => {
  const mixed = await fork(original.id, forker, {
    title: "Mixed",
    mix: [{ stemId: original.stems[0]?.id, gainDb: -6, pan: -1, muted: false }],
  });
  await waitReady(live.server, forker, mixed);
  expect(await charge(mixed, forker)).toBeCloseTo(60, 3);
  expect(await used(forker)).toBeCloseTo(180, 3);
  // A fork of it shares the rendered track.
  const child = await fork(mixed, carol);
  expect(await charge(child, carol)).toBe(0);

  const changed = forkIds[2] as string;
  const deleted = await call(live.server, "DELETE", "/tracks", { token: forker.token, body: { trackIds: [changed] } });
  expect(deleted.status).toBe(200);
  expect(await used(forker)).toBeCloseTo(60, 3);
  expect((await call(live.server, "POST", `/track/${changed}/restore`, { token: admin.token })).status).toBe(200);
  expect(await used(forker)).toBeCloseTo(180, 3);

  // The original's owner deleting it frees their 300 s; the forks keep what they cost.
  await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [original.id] } });
  expect(await used(owner)).toBe(0);
  expect(await used(forker)).toBeCloseTo(180, 3);
}, 180_000);
