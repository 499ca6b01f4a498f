/**
 * Kept texts and their encodings: every Accept-Encoding gets the same text, each encoding its own ETag,
 * any of those ETags a 304, and one kept copy answers any number of requests whole.
 */
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import {
  acceptedEncoding,
  brotliWindowBits,
  compress,
  compressHard,
  MIN_COMPRESSED_BYTES,
  precompress,
  sendVariant,
} from "./compression";

const page = `<!doctype html><p>${"A page worth compressing. ".repeat(400)}</p>`;
const headers = { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0", etag: '"page-1"' };
const ask = (acceptEncoding: string | null, ifNoneMatch?: string) => {
  const request = new Headers();
  if (acceptEncoding !== null) request.set("accept-encoding", acceptEncoding);
  if (ifNoneMatch) request.set("if-none-match", ifNoneMatch);
  return new Request("http://localhost/page", { headers: request });
};
const decoded = async (response: Response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  const plain = encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? Bun.gunzipSync(bytes) : bytes;
  return new TextDecoder().decode(plain);
};

describe("acceptedEncoding", () => {
  test.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["identity", null],
    [null, null],
  ])("%p gives %p, the same the second time", (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected as "br" | "gzip" | null);
    expect(acceptedEncoding(header)).toBe(expected as "br" | "gzip" | null);
  });
});

const variants = await precompress(page, headers);

describe("sendVariant", () => {
  test("each encoding carries the same text with its own strong ETag and the representation's headers", async () => {
    for (const [accept, encoding, etag] of [
      ["br, gzip", "br", '"page-1-br"'],
      ["gzip", "gzip", '"page-1-gzip"'],
      [null, null, '"page-1"'],
    ] as const) {
      const response = sendVariant(ask(accept), variants);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("etag")).toBe(etag);
      expect(response.headers.get("vary")).toBe("accept-encoding");
      expect(response.headers.get("content-type")).toBe(headers["content-type"]);
      expect(response.headers.get("cache-control")).toBe(headers["cache-control"]);
      expect(await decoded(response)).toBe(page);
    }
  });

  test("one kept copy answers many requests whole (reading one answer never empties the next)", async () => {
    const answers = Array.from({ length: 3 }, () => sendVariant(ask(null), variants));
    for (const answer of answers) expect(await answer.text()).toBe(page);
    expect(await decoded(sendVariant(ask("br"), variants))).toBe(page);
  });

  test("any of the text's ETags is a 304 without a body or an encoding; another ETag is not", async () => {
    for (const tag of ['"page-1"', '"page-1-br"', 'W/"page-1-gzip"', '"other", "page-1"', "*"]) {
      const response = sendVariant(ask("br", tag), variants);
      expect(response.status).toBe(304);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("etag")).toBe('"page-1-br"');
      expect(await response.text()).toBe("");
    }
    expect(sendVariant(ask("br", '"page-2"'), variants).status).toBe(200);
  });

  test("a text too small to gain is kept and sent plain whatever the client accepts", async () => {
    const small = await precompress("x".repeat(MIN_COMPRESSED_BYTES - 1), headers);
    expect(small.br).toBeNull();
    const response = sendVariant(ask("br, gzip"), small);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe("x".repeat(MIN_COMPRESSED_BYTES - 1));
  });

  test("its size counts every form it keeps", () => {
    expect(variants.bytes).toBe(
      new TextEncoder().encode(page).length + (variants.br?.body.size ?? 0) + (variants.gzip?.body.size ?? 0),
    );
  });
});

describe("brotli's window", () => {
  test("is just large enough for the text (2^bits - 16 bytes), from brotli's least 10 up to its default 22", () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(14_004)).toBe(14);
    expect(brotliWindowBits(65_520)).toBe(16);
    expect(brotliWindowBits(65_521)).toBe(17);
    expect(brotliWindowBits(100 * 1024 * 1024)).toBe(22);
  });

  test("still reaches back across the whole text: its first bytes repeated at its end are sent once", async () => {
    const repeated = 4_000;
    for (const length of [14_000, 60_000, 100_000]) {
      const text = crypto.getRandomValues(new Uint8Array(length));
      text.set(text.subarray(0, repeated), length - repeated);
      for (const packed of [compress(text, "br"), await compressHard(text, "br")]) {
        // Random bytes do not compress: only a window reaching back over the whole text finds the repeat.
        expect(packed.length).toBeLessThan(length - repeated / 2);
        expect(new Uint8Array(brotliDecompressSync(packed))).toEqual(text);
      }
    }
  });
});
