/**
 * A serving process may act on what it read a moment ago: a due page it found hidden, a render that came out not
 * for everyone. Meanwhile another instance may have kept a newer answer (the track made public again, done
 * processing). What it does on the old view must never take that newer answer away: the kept pages' triggers already
 * removed the answers of a hidden track, and only answers older than the render that saw the change may go.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openTestDatabase } from "../../tests/support/in-process-database";
import { keptPageOf } from "./forms";
import { pagesRepo } from "./repo";
import { keptPages } from "./schema";
import { createPublicPages } from "./service";

const db = await openTestDatabase("stale-views");

const BUILD = "this-build";
const KEY = "/stale";

/** Keeps an answer at `version`, built at `builtAt`, as another instance would have. */
async function keptElsewhere(version: string, builtAt: Date): Promise<void> {
  const body = new TextEncoder().encode(`<p>version ${version}</p>`);
  await pagesRepo.keep(
    await keptPageOf({
      key: KEY,
      version,
      build: BUILD,
      fills: "{}",
      builtAt,
      body,
      contentType: "text/html",
      cacheControl: "public",
    }),
  );
}

const keptVersion = async () => db.select().from(keptPages).where(eq(keptPages.key, KEY)).get()?.version;

test("a due page found hidden leaves the answer kept meanwhile alone", async () => {
  await keptElsewhere("3", new Date());
  const pages = createPublicPages({
    build: BUILD,
    heldBytes: 0,
    pages: [{ keyOf: (path) => (path === KEY ? KEY : null), state: async () => null, render: async () => new Response("") }],
  });
  await pages.prerender(KEY);
  expect(await keptVersion()).toBe("3");
});

test("a render that is not for everyone takes older answers away, not one kept after it started", async () => {
  let keptDuringRender = false;
  const pages = createPublicPages({
    build: BUILD,
    heldBytes: 0,
    pages: [
      {
        keyOf: (path) => (path === KEY ? KEY : null),
        state: async () => ({ version: 5 }),
        async render() {
          // While this render runs, another instance keeps version 6 of the page.
          if (keptDuringRender) await keptElsewhere("6", new Date(Date.now() + 1000));
          return new Response("processing", { headers: { "cache-control": "private, no-store" } });
        },
      },
    ],
  });
  await keptElsewhere("4", new Date(Date.now() - 60_000));
  await pages.prerender(KEY);
  expect(await keptVersion()).toBeUndefined();

  keptDuringRender = true;
  await pages.prerender(KEY);
  expect(await keptVersion()).toBe("6");
});
