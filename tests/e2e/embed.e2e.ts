import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Frame, Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS, type Origin, originUrl } from "../support/origins";
import { publicUrlEnv } from "../support/public-url";
import { createTrack, waitForProcessing } from "../support/uploads";

setDefaultTimeout(90_000);

/** The embed player as a blog shows it: framed by a page on another origin (a second loopback port). */
const live = setUpServerAndBrowser({ env: publicUrlEnv() });
let owner: Session;
let trackId: string;
/** JavaScript for the embed, gzipped (the budget the issue sets). */
const EMBED_SCRIPT_BUDGET_BYTES = 40 * 1024;

/** Another site: one page framing `?src=` (and the track page, which must refuse to be framed). */
const blog = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    const { searchParams } = new URL(request.url);
    const frames = searchParams
      .getAll("src")
      .map((src, index) => `<iframe name="f${index}" src="${src}" width="560" height="120" title="Player ${index}"></iframe>`)
      .join("");
    return new Response(`<!doctype html><html lang="en"><title>A blog</title><body><h1>My post</h1>${frames}</body></html>`, {
      headers: { "content-type": "text/html" },
    });
  },
});
afterAll(() => blog.stop(true));

beforeAll(async () => {
  owner = await signUp(live.server);
  trackId = await createTrack(live.server, owner.token, {
    original: "real-audio/audio-lena.flac",
    coverArt: "images/matplotlib-grace_hopper.jpg",
    data: { title: "Framed", primaryArtistName: "Lena Test" },
  });
  await waitForProcessing(live.server, owner.token, trackId);
});

/** The blog page framing `srcs`, and its frames once loaded; the blog is reached on `origin` (./support/origins.ts). */
async function openBlog(srcs: string[], origin: Origin = "localhost"): Promise<{ page: Page; frames: Frame[] }> {
  const context = await live.browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  const query = new URLSearchParams(srcs.map((src) => ["src", src]));
  await page.goto(`${originUrl(blog.url.origin, origin)}/?${query}`);
  const frames = await Promise.all(
    srcs.map(async (_, index) => {
      const handle = await page.waitForSelector(`iframe[name="f${index}"]`);
      return (await handle.contentFrame()) as Frame;
    }),
  );
  return { page, frames };
}

// A blog and the site on plain-http LAN names are no secure context (localhost is one even over http): the embed
// must count its plays there as well.
for (const origin of ORIGINS)
  describe(`embed player in another site's iframe, on the ${origin} origin`, () => {
    test("plays from ?t=, counts the play with the anonymous id, and stays within its script budget", async () => {
      const { page, frames } = await openBlog([`${originUrl(live.server.url, origin)}/embed/track/${trackId}?t=2`], origin);
      const frame = frames[0] as Frame;
      const player = frame.getByRole("group", { name: "Player: Framed" });
      await frame.waitForFunction(() => document.querySelector(".embed-player")?.getAttribute("data-state") === "ready");
      expect(await frame.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow")).toBe("2");
      const counted = page.waitForResponse(
        (response) => response.url().endsWith(`/api/track/${trackId}/usage`) && response.request().method() === "POST",
      );
      await player.getByRole("button", { name: "Play" }).click();
      await frame.waitForFunction(() => document.querySelector(".embed-player")?.getAttribute("data-state") === "playing");
      const usage = await counted;
      expect(usage.status()).toBe(200);
      expect(await usage.json()).toEqual({ counted: true });
      const sent = usage.request().postDataJSON() as { anonymousId?: string; playbackSource: string };
      expect(sent.anonymousId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(sent.playbackSource).toBe("STREAM");
      // It started at 2 s and has played the 5 s a play needs since.
      expect(Number(await frame.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(7);
      await player.getByRole("button", { name: "Pause" }).click();
      await frame.waitForFunction(() => document.querySelector(".embed-player")?.getAttribute("data-state") === "paused");
      const track = await call<{ totalPlays: number }>(live.server, "GET", `/track/${trackId}`, { token: owner.token });
      expect(track.body.totalPlays).toBeGreaterThanOrEqual(1);

      const scripts = await frame.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.endsWith(".js")),
      );
      expect(scripts.length).toBeGreaterThan(0);
      let gzipped = 0;
      // Fetched here from the server's own address (this process does not resolve the LAN name).
      for (const script of scripts)
        gzipped += Bun.gzipSync(await (await fetch(new URL(new URL(script).pathname, live.server.url))).bytes()).length;
      console.log(`embed JavaScript: ${scripts.length} files, ${gzipped} bytes gzipped`);
      expect(gzipped).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_BYTES);
      await page.context().close();
    });
  });

describe("embed player in another site's iframe", () => {
  test("the title and artist open the track page in a new tab", async () => {
    const { page, frames } = await openBlog([`${live.server.url}/embed/track/${trackId}`]);
    const link = (frames[0] as Frame).getByRole("link", { name: "Framed" });
    expect(await link.getAttribute("target")).toBe("_blank");
    const [opened] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`${live.server.url}/track/${trackId}`);
    await page.context().close();
  });

  test("the dark theme, at the smallest size", async () => {
    const { page, frames } = await openBlog([`${live.server.url}/embed/track/${trackId}?theme=dark`]);
    await page.setViewportSize({ width: 400, height: 300 });
    await page.evaluate(() => {
      const frame = document.querySelector("iframe") as HTMLIFrameElement;
      frame.width = "320";
      frame.height = "120";
    });
    const frame = frames[0] as Frame;
    const look = await frame.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    }));
    expect(look.background).toBe("rgb(17, 24, 39)");
    expect(look.overflow).toBe(false);
    await page.context().close();
  });

  test.each([1, 2, 3])("the cover fetches no more than its 96 px box needs at %dx", async (scale) => {
    const context = await live.browser.newContext({ viewport: { width: 560, height: 120 }, deviceScaleFactor: scale });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/embed/track/${trackId}`);
    const cover = page.locator(".embed-cover img");
    await cover.evaluate((image: HTMLImageElement) => image.decode());
    const drawn = await cover.evaluate((image: HTMLImageElement) => ({
      box: image.clientWidth,
      size: new URL(image.currentSrc).searchParams.get("size"),
    }));
    // The smallest stored size at least as wide as the box's device pixels: the thumb (192) to 2×, the card (320) at 3×.
    expect(drawn).toEqual({ box: 96, size: scale <= 2 ? "thumb" : "card" });
    await context.close();
  });

  test("the site's other pages refuse to be framed by another origin", async () => {
    const { page, frames } = await openBlog([`${live.server.url}/track/${trackId}`]);
    // A refused frame never gets the page: no document with the track's title.
    const framed = await (frames[0] as Frame).evaluate(() => document.title).catch(() => "");
    expect(framed).not.toContain("Framed");
    await page.context().close();
  });
});
