/**
 * GET /api/track/{id}/forks and /lineage as a visitor, the root's owner, a fork's owner, another user
 * and an admin; and the licence lineage rule on PATCH /api/track/{id}.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";
import type { ForkTree, Lineage } from "./model";

const live = setUpServer();
let admin: Session;
let owner: Session;
let alice: Session;
let bob: Session;
let other: Session;
// root (owner) ← publicA (alice) ← publicC (bob); root ← privateB (bob)
const ids = { root: "", publicA: "", privateB: "", publicC: "" };

type Tree = ForkTree;
type Ancestors = Lineage;

const get = <T>(path: string, session: Session | null) => call<T>(live.server, "GET", path, { token: session?.token });
async function fork(id: string, session: Session, title: string, isPublic: boolean): Promise<string> {
  const res = await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, {
    token: session.token,
    body: { title, isPublic },
  });
  if (res.status !== 201) throw new Error(`fork: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  alice = await signUp(live.server);
  bob = await signUp(live.server);
  other = await signUp(live.server);
  ids.root = await uploadTiny(live.server, owner, { title: "Root" });
  await waitForProcessing(live.server, owner.token, ids.root);
  ids.publicA = await fork(ids.root, alice, "A", true);
  ids.privateB = await fork(ids.root, bob, "B", false);
  ids.publicC = await fork(ids.publicA, bob, "C", true);
}, 60_000);

const forkTitles = (tree: Tree) => tree.forks.map((f) => f.title);

describe("the fork tree", () => {
  test("others see the public forks and a count of the private ones, a fork's owner their own too, admins all", async () => {
    const cases: Array<[Session | null, string[], number]> = [
      [null, ["A", "C"], 1],
      [owner, ["A", "C"], 1],
      [alice, ["A", "C"], 1],
      [bob, ["A", "B", "C"], 0],
      [admin, ["A", "B", "C"], 0],
    ];
    for (const [session, titles, privateCount] of cases) {
      const tree = (await get<Tree>(`/track/${ids.root}/forks`, session)).body;
      expect(forkTitles(tree).sort(), session?.user.username ?? "visitor").toEqual(titles);
      expect(tree.total).toBe(titles.length);
      expect(tree.privateCount, session?.user.username ?? "visitor").toBe(privateCount);
      expect(tree.original).toMatchObject({
        id: ids.root,
        title: "Root",
        isPublic: true,
        user: { username: owner.user.username },
      });
    }
  });

  test("from a fork's page the tree is the whole family, from its root; each fork names its parent", async () => {
    const tree = (await get<Tree>(`/track/${ids.publicC}/forks`, null)).body;
    expect(tree.original.id).toBe(ids.root);
    expect(tree.forks.find((f) => f.title === "C")).toMatchObject({ forkedFromId: ids.publicA, forkCount: 0 });
    expect(tree.forks.find((f) => f.title === "A")).toMatchObject({ forkedFromId: ids.root, forkCount: 1 });
  });

  test("a track nobody forked has an empty tree; a private track's tree is its 404", async () => {
    const lone = await uploadTiny(live.server, other, { title: "Lone" });
    expect((await get<Tree>(`/track/${lone}/forks`, null)).body).toMatchObject({ original: { id: lone }, forks: [], total: 0 });
    expect((await get<Tree>(`/track/${ids.privateB}/forks`, other)).status).toBe(404);
    expect((await get<Tree>(`/track/${ids.privateB}/forks`, bob)).body.original.id).toBe(ids.root);
  });
});

describe("where each fork is drawn", () => {
  test("each fork names its parent; one under a fork the viewer may not see is drawn under its nearest listed ancestor", async () => {
    // family ← pan (alice) ; family ← cleo (alice) ← rework (bob) ; family ← hidden (bob, private) ← under (alice)
    const family = await uploadTiny(live.server, owner, { title: "Family" });
    await waitForProcessing(live.server, owner.token, family);
    await fork(family, alice, "Pan test", true);
    const cleo = await fork(family, alice, "cleo rework", true);
    await fork(cleo, bob, "cleo rework 2", true);
    // Forked while public, then made private by its owner.
    const hidden = await fork(family, bob, "Hidden", true);
    const under = await fork(hidden, alice, "Under hidden", true);
    await call(live.server, "PATCH", `/track/${hidden}/visibility`, { token: bob.token, body: { isPublic: false } });
    const drawnUnder = async (session: Session | null) =>
      Object.fromEntries(
        (await get<Tree>(`/track/${family}/forks`, session)).body.forks.map((f) => [f.title, [f.forkedFromId, f.listedParentId]]),
      );
    expect(await drawnUnder(other)).toEqual({
      "Pan test": [family, family],
      "cleo rework": [family, family],
      "cleo rework 2": [cleo, cleo],
      "Under hidden": [hidden, family],
    });
    expect((await drawnUnder(bob))["Under hidden"]).toEqual([hidden, hidden]);
    // A deleted parent is hidden from everyone, its owner included.
    await call(live.server, "DELETE", "/tracks", { token: bob.token, body: { trackIds: [hidden] } });
    expect((await drawnUnder(bob))["Under hidden"]).toEqual([hidden, family]);
    expect(JSON.stringify((await get<Tree>(`/track/${under}/forks`, other)).body)).not.toContain("Hidden");
  });
});

describe("fork counts", () => {
  test("forkCount counts the forks that exist: a deleted fork stops counting, a restored one counts again", async () => {
    const source = await uploadTiny(live.server, other, { title: "Counted" });
    await waitForProcessing(live.server, other.token, source);
    const kept = await fork(source, alice, "Kept", true);
    const gone = await fork(source, bob, "Gone", false);
    const count = async () => (await get<TrackDetails>(`/track/${source}`, null)).body.forkCount;
    expect(await count()).toBe(2);
    const tree = async () => (await get<Tree>(`/track/${source}/forks`, null)).body;
    expect(await tree()).toMatchObject({ total: 1, privateCount: 1 });

    await call(live.server, "DELETE", "/tracks", { token: bob.token, body: { trackIds: [gone] } });
    expect(await count()).toBe(1);
    // A deleted fork is no private fork either: the tree and the count agree.
    expect(await tree()).toMatchObject({ total: 1, privateCount: 0 });
    expect((await call(live.server, "POST", `/track/${gone}/restore`, { token: admin.token })).status).toBe(200);
    expect(await count()).toBe(2);

    await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [kept] } });
    expect(await count()).toBe(1);
    expect(await tree()).toMatchObject({ forks: [], total: 0, privateCount: 1 });
  });
});

describe("lineage", () => {
  test("a fork of a fork names its chain to the root; an ancestor that went private is no longer available", async () => {
    const chain = (await get<Ancestors>(`/track/${ids.publicC}/lineage`, other)).body.ancestors;
    const licenseType = (await get<TrackDetails>(`/track/${ids.root}`, null)).body.licenseType;
    expect(chain).toEqual([
      { available: true, id: ids.publicA, title: "A", user: { username: alice.user.username }, licenseType },
      { available: true, id: ids.root, title: "Root", user: { username: owner.user.username }, licenseType },
    ]);
    const hide = (isPublic: boolean) =>
      call(live.server, "PATCH", `/track/${ids.publicA}/visibility`, { token: alice.token, body: { isPublic } });
    await hide(false);
    try {
      const hidden = (await get<Ancestors>(`/track/${ids.publicC}/lineage`, other)).body.ancestors;
      expect(hidden).toEqual([{ available: false }, expect.objectContaining({ available: true, title: "Root" })]);
      expect(JSON.stringify(hidden)).not.toContain('"A"');
      // Its owner still sees it.
      expect((await get<Ancestors>(`/track/${ids.publicC}/lineage`, alice)).body.ancestors[0]).toMatchObject({ title: "A" });
    } finally {
      await hide(true);
    }
    expect((await get<Ancestors>(`/track/${ids.root}/lineage`, null)).body.ancestors).toEqual([]);
  });
});

describe("attribution", () => {
  test("an ancestor's title and licence are read as they are now: a rename or relicence shows at once", async () => {
    const licenses = (await get<Array<{ id: string; type: string }>>("/licenses", null)).body;
    const source = await uploadTiny(live.server, owner, { title: "Undertow" });
    await waitForProcessing(live.server, owner.token, source);
    const child = await fork(source, alice, "Undertow (Fork)", true);
    const change = (title: string, type: string) =>
      call(live.server, "PATCH", `/track/${source}`, {
        token: owner.token,
        body: { title, primaryArtistName: "Tester", licenseId: licenses.find((license) => license.type === type)?.id },
      });
    expect((await change("Undertow", "CC_BY_SA")).status).toBe(200);
    const before = (await get<Ancestors>(`/track/${child}/lineage`, null)).body.ancestors[0];
    expect(before).toMatchObject({ title: "Undertow", licenseType: "CC_BY_SA" });
    expect((await change("Undertow II", "CC_BY")).status).toBe(200);
    const after = (await get<Ancestors>(`/track/${child}/lineage`, null)).body.ancestors[0];
    expect(after).toMatchObject({ title: "Undertow II", licenseType: "CC_BY", user: { username: owner.user.username } });
  });
});

describe("licence lineage", () => {
  let licences: Record<string, string>;
  beforeAll(async () => {
    const list = (await get<Array<{ id: string; type: string }>>("/licenses", null)).body;
    licences = Object.fromEntries(list.map((l) => [l.type, l.id]));
  });
  const edit = (id: string, session: Session, type: string) =>
    call<{ message: string; licenseType: string }>(live.server, "PATCH", `/track/${id}`, {
      token: session.token,
      body: { title: "Edited", primaryArtistName: "Tester", licenseId: licences[type] },
    });

  test("forks may only move to licences that honour their obligations; originals change freely", async () => {
    const source = await uploadTiny(live.server, owner, { title: "CC BY source" });
    expect((await edit(source, owner, "CC_BY")).status).toBe(200);
    await waitForProcessing(live.server, owner.token, source);
    const child = await fork(source, other, "Child", false);
    expect((await get<{ licenseType: string }>(`/track/${child}`, other)).body.licenseType).toBe("CC_BY");
    expect((await edit(child, other, "CC_BY_NC")).status).toBe(200);
    const back = await edit(child, other, "CC_BY");
    expect([back.status, back.body.message]).toEqual([
      400,
      "A fork keeps its original's license obligations: this fork can only be licensed CC BY-NC or CC BY-NC-SA",
    ]);
    expect((await edit(child, other, "ALL_RIGHTS_RESERVED")).status).toBe(400);
    expect((await edit(child, other, "CC_BY_NC_SA")).status).toBe(200);
    expect((await edit(child, other, "CC_BY_SA")).status).toBe(400);
    // The original itself is not a fork: any licence.
    expect((await edit(source, owner, "ALL_RIGHTS_RESERVED")).status).toBe(200);
    expect((await edit(source, owner, "CC_BY_SA")).status).toBe(200);
  });

  test("All Rights Reserved and share-alike forks keep their licence", async () => {
    const arr = await fork(ids.root, other, "ARR fork", false);
    const root = (await get<{ licenseType: string }>(`/track/${ids.root}`, null)).body.licenseType;
    for (const type of ["ALL_RIGHTS_RESERVED", "CC_BY", "CC_BY_SA", "CC_BY_NC", "CC_BY_NC_SA"]) {
      const res = await edit(arr, other, type);
      expect(res.status, `${root} → ${type}`).toBe(type === root ? 200 : 400);
    }
  });
});
