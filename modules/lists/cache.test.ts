/**
 * The list cache on its own, with a clock the test moves: an answer is kept while the content version holds,
 * is kept across counter changes for at most the stated staleness, and answers alike in every encoding.
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

test("kept while the content version holds; another content version is a miss", async () => {
  const cache = makeCache();
  const stored = cache.store(request(), "k", { content: 1, counters: 1 }, page("a"), true);
  expect(await stored.json()).toEqual(page("a"));
  const hit = cache.hit(request(), "k", { content: 1, counters: 1 });
  expect(await hit?.json()).toEqual(page("a"));
  expect(hit?.headers.get("cache-control")).toBe("public, no-cache");
  expect(cache.hit(request(), "k", { content: 2, counters: 1 })).toBeUndefined();
  expect(cache.hit(request(), "other", { content: 1, counters: 1 })).toBeUndefined();
});

test(`counters may lag by less than ${COUNTER_STALENESS_MS} ms, never more`, () => {
  const cache = makeCache();
  cache.store(request(), "k", { content: 1, counters: 1 }, page("a"), false);
  clock += COUNTER_STALENESS_MS - 1;
  expect(cache.hit(request(), "k", { content: 1, counters: 5 })).toBeDefined();
  clock += 1;
  expect(cache.hit(request(), "k", { content: 1, counters: 5 })).toBeUndefined();
  // Unchanged counters keep an old answer as long as the content holds.
  expect(cache.hit(request(), "k", { content: 1, counters: 1 })?.headers.get("cache-control")).toBe("private, no-cache");
});

test("brotli, gzip and identity answers carry the same JSON under one ETag base, and a matching ETag answers 304", async () => {
  const cache = makeCache();
  const versions = { content: 1, counters: 1 };
  const identity = cache.store(request(), "k", versions, page("a"), true);
  const etag = identity.headers.get("etag") as string;
  expect(etag).toMatch(/^"[0-9a-z]+"$/);
  const text = await identity.text();
  const br = cache.hit(request({ "accept-encoding": "br" }), "k", versions) as Response;
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(br.headers.get("etag")).toBe(`"${etag.slice(1, -1)}-br"`);
  expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(text);
  const gzip = cache.hit(request({ "accept-encoding": "gzip" }), "k", versions) as Response;
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(text);
  for (const tag of [etag, `"${etag.slice(1, -1)}-br"`])
    expect(cache.hit(request({ "if-none-match": tag }), "k", versions)?.status).toBe(304);
  expect(cache.hit(request({ "if-none-match": '"stale"' }), "k", versions)?.status).toBe(200);
  // Other bytes, another ETag.
  const changed = cache.store(request(), "k", { content: 2, counters: 1 }, page("b"), true);
  expect(changed.headers.get("etag")).not.toBe(etag);
});

test("past its size the least recently used answers go first", () => {
  // What one kept answer holds (its bytes and their compressed forms), measured on a cache of its own.
  const probe = makeCache();
  probe.store(request(), "a", { content: 1, counters: 1 }, page("a"), true);
  const one = probe.bytes;
  const cache = makeCache(one * 2 + 10);
  const versions = { content: 1, counters: 1 };
  cache.store(request(), "a", versions, page("a"), true);
  cache.store(request(), "b", versions, page("a"), true);
  cache.hit(request(), "a", versions);
  cache.store(request(), "c", versions, page("a"), true);
  expect(cache.hit(request(), "b", versions)).toBeUndefined();
  expect(cache.hit(request(), "a", versions)).toBeDefined();
  expect(cache.hit(request(), "c", versions)).toBeDefined();
  expect(cache.bytes).toBeLessThanOrEqual(one * 2 + 10);
});
