/**
 * Kept list answers over the real server: every change a list shows reaches the next answer at once, but plays
 * and downloads, which keep a kept answer (its counts lag by up to LIST_COUNTER_STALENESS_SECONDS, an hour here, so
 * every answer of the file stays kept); a list kept for one viewer never reaches another, and every encoding
 * carries the same JSON under an ETag that answers 304.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitProcessed } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";
import type { TrackPage } from "./model";

const live = setUpServer({ env: { LIST_COUNTER_STALENESS_SECONDS: "3600" } });
let admin: Session;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  [alice, bob] = await Promise.all([signUp(live.server), signUp(live.server)]);
}, 30_000);

/**
 * A tiny track, uploaded and processed. Its processing finishing (on the worker, on a cluster) changes what the
 * lists show, so a track still processing could rightly change between `page`'s two reads.
 */
async function uploaded(session: Session, data: Parameters<typeof uploadTiny>[2]): Promise<string> {
  const id = await uploadTiny(live.server, session, data);
  await waitProcessed(live.server, session, id);
  return id;
}

type Item = TrackPage["items"][number];
/** One page of a list as `session` sees it (twice over: the second answer comes from the cache). */
async function page(path: string, session: Session | null = null): Promise<Item[]> {
  const first = await call<TrackPage>(live.server, "GET", path, { token: session?.token });
  if (first.status !== 200) throw new Error(`${path}: ${first.status} ${JSON.stringify(first.body)}`);
  const again = await call<TrackPage>(live.server, "GET", path, { token: session?.token });
  expect(again.body).toEqual(first.body);
  return first.body.items;
}
const ids = async (path: string, session: Session | null = null) => (await page(path, session)).map((item) => item.id);
const itemOf = async (path: string, id: string, session: Session | null = null) =>
  (await page(path, session)).find((item) => item.id === id);

describe("a kept list changes with what it shows", () => {
  test("a new public track, an edit, a visibility change and a deletion", async () => {
    const before = await ids("/tracks/public?limit=100");
    const id = await uploaded(alice, { title: "Fresh" });
    expect(await ids("/tracks/public?limit=100")).toEqual([id, ...before]);
    const edited = await call(live.server, "PATCH", `/track/${id}/visibility`, { token: alice.token, body: { isPublic: false } });
    expect(edited.status).toBe(200);
    expect(await ids("/tracks/public?limit=100")).toEqual(before);
    expect(await ids("/tracks?limit=100", alice)).toContain(id);
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: alice.token, body: { isPublic: true } });
    const licenses = await call<Array<{ id: string }>>(live.server, "GET", "/licenses");
    const renamed = await call(live.server, "PATCH", `/track/${id}`, {
      token: alice.token,
      body: { title: "Renamed", primaryArtistName: "Tester", isPublic: true, licenseId: licenses.body[0]?.id },
    });
    expect(renamed.status).toBe(200);
    expect((await itemOf("/tracks/public?limit=100", id))?.title).toBe("Renamed");
    const deleted = await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [id] } });
    expect(deleted.status).toBe(200);
    expect(await ids("/tracks/public?limit=100")).toEqual(before);
    expect(await ids("/tracks?limit=100", alice)).not.toContain(id);
    expect(await ids("/tracks/deleted?limit=100", admin)).toContain(id);
  });

  test("sharing and unsharing a private track", async () => {
    const id = await uploaded(alice, { title: "Secret", isPublic: false });
    expect(await ids("/tracks/shared?limit=100", bob)).not.toContain(id);
    expect(await ids("/tracks/available?limit=100", bob)).not.toContain(id);
    await call(live.server, "POST", `/track/${id}/share`, { token: alice.token, body: { userIds: [bob.user.id] } });
    expect(await ids("/tracks/shared?limit=100", bob)).toContain(id);
    expect(await ids("/tracks/available?limit=100", bob)).toContain(id);
    await call(live.server, "DELETE", `/track/${id}/share`, { token: alice.token, body: { userIds: [bob.user.id] } });
    expect(await ids("/tracks/shared?limit=100", bob)).not.toContain(id);
    expect(await ids("/tracks/available?limit=100", bob)).not.toContain(id);
  });

  test("a play and a download keep the kept list, whose counts lag; the track shows them at once", async () => {
    const id = await uploaded(alice, { title: "Played" });
    const counts = async () => {
      const item = await itemOf("/tracks/public?limit=100", id);
      return [item?.totalPlays, item?.totalDownloads];
    };
    expect(await counts()).toEqual([0, 0]);
    const play = { eventType: "PLAY", playbackSource: "STREAM", duration: 10 };
    const played = await call<{ counted: boolean }>(live.server, "POST", `/track/${id}/usage`, { token: bob.token, body: play });
    expect(played.body.counted).toBe(true);
    const download = await fetch(`${live.server.url}/api/track/${id}/original?attachment=1`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const track = await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: bob.token });
    expect([track.body.totalPlays, track.body.totalDownloads]).toEqual([1, 1]);
    expect(await counts()).toEqual([0, 0]);
    // The next change the list shows rebuilds it, counts and all.
    for (const isPublic of [false, true])
      expect(
        (await call(live.server, "PATCH", `/track/${id}/visibility`, { token: alice.token, body: { isPublic } })).status,
      ).toBe(200);
    expect(await counts()).toEqual([1, 1]);
  });
});

describe("a list kept for one viewer never reaches another", () => {
  test("own, shared and available lists answer each viewer's own; no token or a bad one is 401", async () => {
    const mine = await uploaded(alice, { title: "Alice only", isPublic: false });
    const path = "/tracks?limit=100";
    expect(await ids(path, alice)).toContain(mine);
    expect(await ids(path, bob)).not.toContain(mine);
    expect(await ids("/tracks/available?limit=100", alice)).toContain(mine);
    expect(await ids("/tracks/available?limit=100", bob)).not.toContain(mine);
    for (const listPath of [path, "/tracks/shared?limit=100", "/tracks/available?limit=100"])
      for (const token of [undefined, "not.a.token", `${alice.token}x`]) {
        const res = await call<{ message: string }>(live.server, "GET", listPath, { token });
        expect(res.status).toBe(401);
      }
  });

  test("the deleted tracks kept for an admin are refused to others", async () => {
    await page("/tracks/deleted?limit=100", admin);
    expect((await call(live.server, "GET", "/tracks/deleted?limit=100", { token: bob.token })).status).toBe(403);
    expect((await call(live.server, "GET", "/tracks/deleted?limit=100")).status).toBe(401);
  });

  test("bad queries are refused after a good one was kept", async () => {
    await page("/tracks/public?limit=5");
    const bad = await call<{ message: string }>(live.server, "GET", "/tracks/public?limit=500");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("limit must be a whole number from 1 to 100");
  });
});

describe("encodings and revalidation", () => {
  const url = () => `${live.server.url}/api/tracks/public?limit=100`;
  const get = (headers: Record<string, string>) => fetch(url(), { headers, decompress: false });

  test("brotli, gzip and identity carry the same JSON; each ETag answers 304 until the list changes", async () => {
    await uploaded(bob, { title: "Encoded" });
    const identity = await get({ "accept-encoding": "identity" });
    const text = await identity.text();
    expect(JSON.parse(text).items.length).toBeGreaterThan(0);
    const br = await get({ "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(text);
    const gzip = await get({ "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(text);
    for (const response of [identity, br, gzip]) {
      const etag = response.headers.get("etag") as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const revalidated = await get({ "accept-encoding": "gzip", "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");
    }
    await uploaded(bob, { title: "Newer" });
    const changed = await get({ "accept-encoding": "identity", "if-none-match": identity.headers.get("etag") as string });
    expect(changed.status).toBe(200);
    expect(JSON.parse(await changed.text()).items[0].title).toBe("Newer");
  });
});
