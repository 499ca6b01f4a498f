/**
 * Issue 41, likes, in Chromium: a listener likes a track on its page (the heart and the Likes figure, kept across a
 * reload), on a card, and from the player bar, each heart following the others; their likes page lists what they
 * like until Settings keeps it to them; a visitor's heart asks them to log in and comes back. At 1280 and 375 px.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { LikeState } from "../../modules/likes/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { createTrack, TINY_WAV, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";
import { pageWidths, spillingBoxes } from "./support/layout";
import { waitForState } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let artist: Session;
let listener: Session;
let undertowId: string;
let tideId: string;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  [artist, listener] = await Promise.all([signUp(live.server), signUp(live.server)]);
  [undertowId, tideId] = await Promise.all([
    createTrack(live.server, artist.token, {
      original: "real-audio/audio-lena.flac",
      data: { title: "Undertow", isPublic: true },
    }),
    createTrack(live.server, artist.token, { original: TINY_WAV, data: { title: "Tide", isPublic: true } }),
  ]);
  await Promise.all([
    waitForProcessing(live.server, artist.token, undertowId),
    waitForProcessing(live.server, artist.token, tideId),
  ]);
}, 60_000);

const likeState = async (trackId: string) =>
  (await call<LikeState>(live.server, "GET", `/track/${trackId}/like`, { token: listener.token })).body;
const heart = (page: Page, scope = page.locator("main")) => scope.getByRole("button", { name: "Like", exact: true });
const likesFigure = (page: Page) => page.locator(".track-facts div", { hasText: "Likes" }).locator("dd");
const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

describe("liking", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    test(`at ${viewport.width} px: the track page's heart, then a reload, then unliking`, async () => {
      const { context, page } = await live.openPage(`/track/${undertowId}`, listener.token, { viewport });
      await hydrated(page);
      const pageHeart = heart(page, page.locator(".track-header"));
      await expect(pageHeart.getAttribute("aria-pressed")).resolves.toBe("false");
      await expect(likesFigure(page).textContent()).resolves.toBe("0");
      await pageHeart.click();
      await page.locator('.track-header .like-button[aria-pressed="true"]').waitFor();
      await page.waitForFunction(() => document.querySelector(".track-facts")?.textContent?.includes("Likes1"));
      expect(await likeState(undertowId)).toEqual({ likedByMe: true, likeCount: 1 });
      expect(await spillingBoxes(page.locator(".track-header"))).toEqual([]);
      const widths = await pageWidths(page);
      expect(widths.page).toBe(widths.screen);
      expect(await seriousViolations(page)).toEqual([]);

      // The page is rendered for its reader and says whether they like the track: the heart asks nothing.
      const asked: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "GET" && new URL(request.url()).pathname.endsWith("/like")) asked.push(request.url());
      });
      await page.reload();
      await hydrated(page);
      await page.locator('.track-header .like-button[aria-pressed="true"]').waitFor();
      await expect(likesFigure(page).textContent()).resolves.toBe("1");
      expect(asked).toEqual([]);

      await heart(page, page.locator(".track-header")).click();
      await page.locator('.track-header .like-button[aria-pressed="false"]:not([disabled])').waitFor();
      await page.waitForFunction(() => document.querySelector(".track-facts")?.textContent?.includes("Likes0"));
      expect(await likeState(undertowId)).toEqual({ likedByMe: false, likeCount: 0 });
      await context.close();
    });
  }

  test("a card's heart likes its track, and the home page shows what the reader likes", async () => {
    const { context, page } = await live.openPage("/", listener.token, { viewport: { width: 1280, height: 900 } });
    await hydrated(page);
    const tide = card(page, "Tide");
    await heart(page, tide).click();
    await tide.locator('.like-button[aria-pressed="true"]').waitFor();
    await tide.locator(".like-count", { hasText: "1" }).waitFor();
    expect(await likeState(tideId)).toEqual({ likedByMe: true, likeCount: 1 });

    // Another visit asks once which of the page's cards the reader likes.
    const asked: string[] = [];
    const again = await live.openPage("/", listener.token, { viewport: { width: 375, height: 800 } });
    again.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/likes") asked.push(request.url());
    });
    await hydrated(again.page);
    await card(again.page, "Tide").locator('.like-button[aria-pressed="true"]').waitFor();
    await expect(card(again.page, "Undertow").locator(".like-button").getAttribute("aria-pressed")).resolves.toBe("false");
    expect(asked.length).toBeLessThanOrEqual(1);
    expect(await spillingBoxes(card(again.page, "Tide"))).toEqual([]);
    await again.context.close();
    await context.close();
  });

  test("the player bar's heart is the playing track's, and the page's heart follows it", async () => {
    const { context, page } = await live.openPage(`/track/${undertowId}`, listener.token, {
      viewport: { width: 1280, height: 900 },
    });
    await hydrated(page);
    const player = page.getByRole("group", { name: "Player: Undertow" });
    await waitForState(player, "ready");
    await player.getByRole("button", { name: "Play" }).click();
    const bar = page.getByRole("region", { name: "Player" });
    const barHeart = bar.getByRole("button", { name: "Like", exact: true });
    await bar.locator('.like-button[aria-pressed="false"]:not([disabled])').waitFor();
    await barHeart.click();
    await page.locator('.track-header .like-button[aria-pressed="true"]').waitFor();
    expect(await likeState(undertowId)).toMatchObject({ likedByMe: true });
    await player.getByRole("button", { name: "Pause" }).click();
    await context.close();
  });
});

describe("the likes page", () => {
  test("lists what the listener likes; Settings keeps it to them; a visitor then reads why", async () => {
    const { context, page } = await live.openPage(`/u/${listener.user.username}/likes`, listener.token, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole("heading", { name: "Your likes", level: 1 }).waitFor();
    await hydrated(page);
    await card(page, "Tide").waitFor();
    await card(page, "Undertow").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${live.server.url}/settings`);
    await hydrated(page);
    const shown = page.getByLabel("Show the tracks I like on my profile");
    await expect(shown.isChecked()).resolves.toBe(true);
    await shown.uncheck();
    await page.getByText("Only you can see the tracks you like.").waitFor();
    await context.close();

    const visitor = await live.openPage(`/u/${listener.user.username}/likes`, null, { viewport: { width: 375, height: 800 } });
    await visitor.page.getByText(`${listener.user.username} keeps their likes private.`).waitFor();
    expect(await visitor.page.getByRole("article").count()).toBe(0);
    await visitor.context.close();
    await call(live.server, "PUT", "/likes/settings", { token: listener.token, body: { public: true } });
  });

  test("a visitor's heart is a link to log in, which comes back to the track", async () => {
    const { context, page } = await live.openPage(`/track/${tideId}`, null, { viewport: { width: 1280, height: 900 } });
    await hydrated(page);
    await page.locator(".track-header").getByRole("link", { name: "Log in to like" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe(`/track/${tideId}`);
    await context.close();
  });
});
