/** Kept answers held in memory: from a path's second request on, at one stamp, within their bound. */
import { expect, test } from "bun:test";
import { createHeldForms, type HeldForm } from "./held";

const form = (bytes: number): HeldForm => ({
  etag: '"e"',
  body: new Uint8Array(bytes),
  headers: new Headers(),
  notModified: new Headers(),
});

test("a path asked for once is not held; from its second request on it is, at its stamp and age only", () => {
  const held = createHeldForms({ maxBytes: 1_000_000 });
  held.offer("/a", "1 {}", 0, "br", form(100));
  expect(held.get("/a", "1 {}", "br", undefined, 0)).toBeUndefined();
  expect(held.bytes).toBe(0);
  held.offer("/a", "1 {}", 0, "br", form(100));
  expect(held.get("/a", "1 {}", "br", undefined, 0)?.body).toBeInstanceOf(Blob);
  expect(held.bytes).toBe(100);
  expect(held.get("/a", "1 {}", "gzip", undefined, 0)).toBeUndefined();
  expect(held.get("/a", "2 {}", "br", undefined, 0)).toBeUndefined();
  expect(held.get("/a", "1 {}", "br", 5000, 4999)).toBeDefined();
  expect(held.get("/a", "1 {}", "br", 5000, 5000)).toBeUndefined();
  // Another stamp replaces the forms of the old one.
  held.offer("/a", "2 {}", 0, "gzip", form(40));
  expect(held.get("/a", "2 {}", "gzip", undefined, 0)).toBeDefined();
  expect(held.get("/a", "1 {}", "br", undefined, 0)).toBeUndefined();
  expect(held.bytes).toBe(40);
});

test("the least recently used path goes past the bound", () => {
  const held = createHeldForms({ maxBytes: 250 });
  for (const key of ["/a", "/b", "/a", "/b"]) held.offer(key, "1", 0, "br", form(100));
  expect(held.get("/a", "1", "br", undefined, 0)).toBeDefined();
  for (const key of ["/c", "/c"]) held.offer(key, "1", 0, "br", form(100));
  expect(held.bytes).toBe(200);
  expect(held.get("/b", "1", "br", undefined, 0)).toBeUndefined();
  expect(held.get("/a", "1", "br", undefined, 0)).toBeDefined();
  expect(held.get("/c", "1", "br", undefined, 0)).toBeDefined();
});

test("a client accepting no encoding gets a held form too, beside the compressed ones", () => {
  const held = createHeldForms({ maxBytes: 1_000_000 });
  for (let i = 0; i < 2; i++) held.offer("/a", "1", 0, "identity", form(300));
  held.offer("/a", "1", 0, "br", form(100));
  expect(held.get("/a", "1", "identity", undefined, 0)?.body).toBeInstanceOf(Blob);
  expect(held.get("/a", "1", "br", undefined, 0)).toBeDefined();
  expect(held.bytes).toBe(400);
});
