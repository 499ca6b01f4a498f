import { expect, test } from "bun:test";
import { randomId } from "./random-id";

test("ids are version 4 UUIDs, fit for an anonymous listener id, and do not repeat", () => {
  const ids = Array.from({ length: 1000 }, randomId);
  for (const id of ids) {
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The pattern POST /api/track/{id}/usage holds anonymousId to (modules/plays/index.ts).
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  }
  expect(new Set(ids).size).toBe(ids.length);
});
