/**
 * The list cache on its own, with a clock the test moves: an answer is kept while the content version holds and
 * for at most the stated counter staleness from when its build began, and answers alike in every encoding.
 */
import { expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { createListCache } from "./cache";

let clock = 1_000_000;
const COUNTER_STALENESS_MS = 5_000;
const makeCache = (maxBytes = 1024 * 1024) =>
  createListCache({ maxBytes, counterStalenessMs: COUNTER_STALENESS_MS, now: () => clock });
const request = (headers: Record<string, string> = {}) => new Request("http://localhost/api/tracks/public", { headers });
// Large enough to be compressed (MIN_COMPRESSED_BYTES).
const page = (title: string) => ({ items: Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, title })), metadata: {} });
type ListCache = ReturnType<typeof makeCache>;
/** Builds and keeps `value` as the answer for `key` at `version`. */
const keep = (cache: ListCache, key: string, version: number, value: unknown, shared = true) =>
  cache.build(request(), key, version, shared, async () => JSON.stringify(value));

test("kept while the content version holds; another content version is a miss", async () => {
  const cache = makeCache();
  const stored = await keep(cache, "k", 1, page("a"));
  expect(await stored.json()).toEqual(page("a"));
  const hit = cache.hit(request(), "k", 1);
  expect(await hit?.json()).toEqual(page("a"));
  expect(hit?.headers.get("cache-control")).toBe("public, no-cache");
  expect(cache.hit(request(), "k", 2)).toBeUndefined();
  expect(cache.hit(request(), "other", 1)).toBeUndefined();
});

test(`counts may lag by less than ${COUNTER_STALENESS_MS} ms from when the build began, never more`, async () => {
  const cache = makeCache();
  // A slow build: its counts are as old as its start, not its end.
  await cache.build(request(), "k", 1, false, async () => {
    clock += 1_000;
    return JSON.stringify(page("a"));
  });
  clock += COUNTER_STALENESS_MS - 1_000 - 1;
  expect(cache.hit(request(), "k", 1)?.headers.get("cache-control")).toBe("private, no-cache");
  clock += 1;
  expect(cache.hit(request(), "k", 1)).toBeUndefined();
});

test("with no staleness allowed nothing is kept", async () => {
  const cache = createListCache({ maxBytes: 1024 * 1024, counterStalenessMs: 0, now: () => clock });
  expect((await keep(cache, "k", 1, page("a"))).status).toBe(200);
  expect(cache.hit(request(), "k", 1)).toBeUndefined();
});

test("brotli, gzip and identity answers carry the same JSON under one ETag base, and a matching ETag answers 304", async () => {
  const cache = makeCache();
  const version = 1;
  const identity = await keep(cache, "k", version, page("a"));
  const etag = identity.headers.get("etag") as string;
  expect(etag).toMatch(/^"[0-9a-z]+"$/);
  const text = await identity.text();
  const br = cache.hit(request({ "accept-encoding": "br" }), "k", version) as Response;
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(br.headers.get("etag")).toBe(`"${etag.slice(1, -1)}-br"`);
  expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(text);
  const gzip = cache.hit(request({ "accept-encoding": "gzip" }), "k", version) as Response;
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(text);
  for (const tag of [etag, `"${etag.slice(1, -1)}-br"`])
    expect(cache.hit(request({ "if-none-match": tag }), "k", version)?.status).toBe(304);
  expect(cache.hit(request({ "if-none-match": '"stale"' }), "k", version)?.status).toBe(200);
  // Other bytes, another ETag.
  const changed = await keep(cache, "k", 2, page("b"));
  expect(changed.headers.get("etag")).not.toBe(etag);
});

test("past its size the least recently used answers go first", async () => {
  // What one kept answer holds (its bytes and their compressed forms), measured on a cache of its own.
  const probe = makeCache();
  await keep(probe, "a", 1, page("a"));
  const one = probe.bytes;
  const cache = makeCache(one * 2 + 10);
  const version = 1;
  await keep(cache, "a", version, page("a"));
  await keep(cache, "b", version, page("a"));
  cache.hit(request(), "a", version);
  await keep(cache, "c", version, page("a"));
  expect(cache.hit(request(), "b", version)).toBeUndefined();
  expect(cache.hit(request(), "a", version)).toBeDefined();
  expect(cache.hit(request(), "c", version)).toBeDefined();
  expect(cache.bytes).toBeLessThanOrEqual(one * 2 + 10);
});

test("requests that miss while an answer is built share its one build", async () => {
  const cache = makeCache();
  let builds = 0;
  const make = async () => {
    builds++;
    await Bun.sleep(20);
    return JSON.stringify(page("a"));
  };
  const answers = await Promise.all(Array.from({ length: 5 }, () => cache.build(request(), "k", 1, true, make)));
  expect(builds).toBe(1);
  for (const answer of answers) expect(await answer.json()).toEqual(page("a"));
});

test("while an answer is built again for its counts, the copy in hand answers; never one of an older version", async () => {
  const cache = makeCache();
  await keep(cache, "k", 1, page("old counts"));
  clock += COUNTER_STALENESS_MS;
  expect(cache.hit(request(), "k", 1)).toBeUndefined();
  let finish = () => {};
  const rebuilding = cache.build(
    request(),
    "k",
    1,
    true,
    () => new Promise((resolve) => (finish = () => resolve(JSON.stringify(page("new counts"))))),
  );
  expect(await cache.hit(request(), "k", 1)?.json()).toEqual(page("old counts"));
  expect(cache.hit(request(), "k", 2)).toBeUndefined();
  finish();
  expect(await (await rebuilding).json()).toEqual(page("new counts"));
  expect(await cache.hit(request(), "k", 1)?.json()).toEqual(page("new counts"));
});
