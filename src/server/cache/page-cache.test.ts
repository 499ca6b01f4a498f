/**
 * Track pages over HTTP on the real server: kept per version (ETag, 304), a new page after every change
 * it shows, live counters, private pages never kept, and compressed answers equal to plain ones.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../../tests/support/api";
import { setUpServer } from "../../../tests/support/lifecycle";
import { firstLicenseId, uploadTiny, waitProcessed } from "../../../tests/support/uploads";
import { createPageCache } from "./page-cache";

const live = setUpServer();
let owner: Session;
let friend: Session;
let licenseId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  friend = await signUp(live.server);
  licenseId = await firstLicenseId(live.server);
});

const page = (id: string, headers: Record<string, string> = {}) =>
  fetch(`${live.server.url}/track/${id}`, { headers: { "accept-encoding": "identity", ...headers } });

async function publicTrack(title: string): Promise<string> {
  const id = await uploadTiny(live.server, owner, { title });
  await waitProcessed(live.server, owner, id);
  return id;
}

describe("a public track's page", () => {
  test("is the same page with the same strong ETag until the track changes; a matching If-None-Match gets 304", async () => {
    const id = await publicTrack("Kept Page");
    const [first, second] = [await page(id), await page(id)];
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    const revalidated = await page(id, { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect((await page(id, { "if-none-match": '"something-else"' })).status).toBe(200);
  });

  test("changes with an edit, a share and a play count, and is gone after deletion", async () => {
    const id = await publicTrack("Before Edit");
    const before = await page(id);
    expect(await before.text()).toContain("Before Edit");
    const edited = await call(live.server, "PATCH", `/track/${id}`, {
      token: owner.token,
      body: { title: "After Edit", primaryArtistName: "Tester", licenseId },
    });
    expect(edited.status).toBe(200);
    const after = await page(id);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(await after.text()).toContain("After Edit");

    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    const shared = await page(id);
    expect(shared.headers.get("etag")).not.toBe(after.headers.get("etag"));

    const counted = await call<{ counted: boolean }>(live.server, "POST", `/track/${id}/usage`, {
      body: { eventType: "PLAY", playbackSource: "STREAM", duration: 6, anonymousId: "visitor-0001" },
    });
    expect(counted.body.counted).toBe(true);
    const played = await page(id);
    expect(played.headers.get("etag")).not.toBe(shared.headers.get("etag"));
    // The count is filled in where the page shows it: the Plays island's prop, which it renders.
    const playedHtml = await played.text();
    expect(playedHtml).toContain("&quot;kind&quot;:[0,&quot;plays&quot;],&quot;base&quot;:[0,1]");
    expect(playedHtml).not.toContain("9007199254740991");

    await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [id] } });
    const gone = await page(id);
    expect(gone.headers.get("cache-control")).toBe("private, no-store");
    expect(gone.headers.get("etag")).toBeNull();
    expect(await gone.text()).not.toContain("After Edit");
  });

  test("made private is never kept nor shown to anyone else, and shows again once public", async () => {
    const id = await publicTrack("Goes Private");
    expect(await (await page(id)).text()).toContain("Goes Private");
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: owner.token, body: { isPublic: false } });
    for (let i = 0; i < 2; i++) {
      const refused = await page(id);
      expect(refused.status).toBe(404);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      expect(refused.headers.get("etag")).toBeNull();
      expect(await refused.text()).not.toContain("Goes Private");
    }
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: owner.token, body: { isPublic: true } });
    expect(await (await page(id)).text()).toContain("Goes Private");
  });
});

describe("compression", () => {
  test("brotli, gzip and plain answers carry the same page, list, JSON and script", async () => {
    const id = await publicTrack("Compressed");
    const script = (await (await page(id)).text()).match(/\/_astro\/[^"]+\.js/)?.[0] as string;
    expect(script).toBeTruthy();
    for (const path of [`/track/${id}`, "/api/tracks/public?limit=20", `/api/track/${id}`, script, "/login"]) {
      const plain = await fetch(`${live.server.url}${path}`, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      const text = await plain.text();
      for (const encoding of ["br", "gzip"]) {
        const packed = await fetch(`${live.server.url}${path}`, { headers: { "accept-encoding": encoding } });
        expect(packed.headers.get("content-encoding")).toBe(encoding);
        expect(packed.headers.get("vary")).toContain("accept-encoding");
        // fetch decodes the body as a browser does.
        expect(await packed.text()).toBe(text);
      }
    }
  });

  test("media is never compressed", async () => {
    const id = await publicTrack("Media");
    const original = await fetch(`${live.server.url}/api/track/${id}/original`, { headers: { "accept-encoding": "br, gzip" } });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-encoding")).toBeNull();
  });
});

describe("the kept pages' bound", () => {
  const html = (title: string) => `<!doctype html><h1>${title}</h1>${"<p>Bars and bars of a waveform.</p>".repeat(3000)}`;
  const render = (title: string, counter: { renders: number }) => async () => {
    counter.renders++;
    return new Response(html(title), { headers: { "content-type": "text/html", "cache-control": "public, max-age=0" } });
  };
  const state = { version: "1", fills: {} };

  test("a page asked for once is answered, not kept; from its second request on it is kept", async () => {
    const one = { renders: 0 };
    const cache = createPageCache({ maxBytes: Number.MAX_SAFE_INTEGER, buildId: "test" });
    const request = new Request("http://localhost/track/x");
    const first = await cache.serve(request, "one", state, render("One", one));
    expect(await first.text()).toBe(html("One"));
    expect(cache.bytes).toBe(0);
    const second = await cache.serve(request, "one", state, render("One", one));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(cache.bytes).toBeGreaterThan(0);
    expect(await (await cache.serve(request, "one", state, render("One", one))).text()).toBe(html("One"));
    expect(one.renders).toBe(2);
  });

  test("counts the plain copy with the compressed ones and lets the least recent page go past it", async () => {
    const one = { renders: 0 };
    const two = { renders: 0 };
    const request = new Request("http://localhost/track/x");
    const twice = async (cache: ReturnType<typeof createPageCache>, key: string, title: string, counter: { renders: number }) => {
      await cache.serve(request, key, state, render(title, counter));
      return cache.serve(request, key, state, render(title, counter));
    };
    const probe = createPageCache({ maxBytes: Number.MAX_SAFE_INTEGER, buildId: "test" });
    await twice(probe, "one", "One", one);
    // The rendered page and its filled plain copy (one byte a character here) are part of what a page holds.
    expect(probe.bytes).toBeGreaterThan(html("One").length * 2);
    const held = probe.bytes;

    const cache = createPageCache({ maxBytes: Math.floor(held * 1.5), buildId: "test" });
    one.renders = 0;
    expect(await (await twice(cache, "one", "One", one)).text()).toBe(html("One"));
    await cache.serve(request, "one", state, render("One", one));
    expect(one.renders).toBe(2);
    expect(await (await twice(cache, "two", "Two", two)).text()).toBe(html("Two"));
    expect(cache.bytes).toBeLessThanOrEqual(Math.floor(held * 1.5));
    // "one" went out to make room, so it renders again; "two" stays.
    await cache.serve(request, "one", state, render("One", one));
    expect(one.renders).toBe(3);
    await cache.serve(request, "two", state, render("Two", two));
    expect(two.renders).toBe(2);
  });
});
