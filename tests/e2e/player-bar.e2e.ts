/**
 * Issue 40 A: a player that survives navigation. A listener plays a track, then browses (the artist's page, a search,
 * a genre page) while the sound goes on in the player bar; the bar and the page's waveform are one player; a synced
 * set of stems goes on in the bar with its mix; a reload finds the last track in the bar, paused where it was.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";
import { FULL_MIX, openSyncMode, openTrackPage, STEM_FILES, uploadTrack, waitForState } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let artist: Session;
let trackId: string;

beforeAll(async () => {
  artist = await signUp(live.server);
  trackId = await uploadTrack(live.server, artist.token, {
    original: FULL_MIX,
    stems: STEM_FILES.slice(0, 2),
    data: { isPublic: true },
  });
  await waitForProcessing(live.server, artist.token, trackId);
});

const bar = (page: Page) => page.getByRole("region", { name: "Player" });
const barPosition = (page: Page) => bar(page).getByRole("slider", { name: "Playback position" });

/** The bar's elapsed seconds. */
async function elapsed(page: Page): Promise<number> {
  return Number(await barPosition(page).inputValue());
}

/** Waits until the bar's elapsed time has passed `seconds`: the sound is going on. */
async function playsPast(page: Page, seconds: number): Promise<number> {
  await page.waitForFunction(
    (past) => Number(document.querySelector<HTMLInputElement>('[aria-label="Playback position"]')?.value) > past,
    seconds,
    { timeout: 20_000 },
  );
  return elapsed(page);
}

/** The page was never reloaded since `markPage`: navigation happened inside it, so its sound could go on. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage === true);

/** Plays the full track on its page and waits for it to be heard in the bar. */
async function playOnTrackPage(page: Page): Promise<void> {
  const player = page.getByRole("group", { name: "Player: Undertow" });
  await waitForState(player, "ready");
  await player.getByRole("button", { name: "Play" }).click();
  await waitForState(player, "playing");
  await bar(page).waitFor();
  await playsPast(page, 0);
}

describe("the player bar", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    test(`at ${viewport.width} px, the sound goes on through the artist's page, a search and a genre page`, async () => {
      const page = await openTrackPage(live, trackId, { viewport });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      await hydrated(page);
      await playOnTrackPage(page);
      await markPage(page);
      // The bar is part of every screen now: it passes axe-core as the screens do (accessibility.e2e.ts).
      expect(await seriousViolations(page)).toEqual([]);
      const title = bar(page).getByRole("link", { name: "Undertow" });
      await expect(title.getAttribute("href")).resolves.toBe(`/track/${trackId}`);
      let last = await elapsed(page);

      await page.locator(".track-header").getByRole("link", { name: artist.user.username }).click();
      await page.waitForURL(`**/u/${artist.user.username}`);
      // Each page is used once it is known hydrated, as a listener would after it has drawn.
      await hydrated(page);
      last = await playsPast(page, last);

      if (viewport.width < 640) {
        await page.getByRole("link", { name: "Search" }).first().click();
        await page.waitForURL("**/search");
        await hydrated(page);
      }
      const search = page.getByRole("searchbox", {
        name: viewport.width < 640 ? "Search words" : "Search tracks, stems and artists",
      });
      await search.fill("Undertow");
      await search.press("Enter");
      await page.waitForURL("**/search?q=Undertow**");
      const result = page.getByRole("article", { name: "Undertow" }).first();
      await result.waitFor();
      await hydrated(page);
      last = await playsPast(page, last);

      await result.getByRole("link", { name: "#ambient" }).click();
      await page.waitForURL("**/genre/ambient");
      await hydrated(page);
      last = await playsPast(page, last);
      expect(await stayed(page)).toBe(true);
      // The bar's links lead back: the artist's page, then the track's, where the page's waveform is the bar's.
      await bar(page).getByRole("link", { name: "Nova Drift" }).click();
      await page.waitForURL(`**/u/${artist.user.username}`);
      await hydrated(page);
      await title.click();
      await page.waitForURL(`**/track/${trackId}`);
      // The artist's page had a card with a player of the same name: the track page's is under its full track.
      await waitForState(page.locator(".full-track").getByRole("group", { name: "Player: Undertow" }), "playing");
      last = await playsPast(page, last);
      expect(await stayed(page)).toBe(true);
      // Every island of every page met the markup it rendered (React's #418 otherwise, and a page drawn anew).
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe("one player, on the page and in the bar", () => {
  test("seeking either moves both, and the bar's pause pauses the page's player", async () => {
    const page = await openTrackPage(live, trackId);
    await hydrated(page);
    await playOnTrackPage(page);
    const player = page.locator(".full-track").getByRole("group", { name: "Player: Undertow" });
    const pageSeek = player.getByRole("slider", { name: "Seek" });
    await barPosition(page).fill("30");
    await page.waitForFunction((element) => Number(element?.getAttribute("aria-valuenow")) >= 30, await pageSeek.elementHandle());
    await player.getByRole("button", { name: "Pause" }).click();
    await waitForState(player, "paused");
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    const before = await elapsed(page);
    await pageSeek.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      (past) => Number(document.querySelector<HTMLInputElement>('[aria-label="Playback position"]')?.value) >= past + 4,
      before,
    );
    await bar(page).getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    await bar(page).getByRole("button", { name: "Pause" }).click();
    await waitForState(player, "paused");
    await page.context().close();
  });

  test("sync mode goes on in the bar as one item, mix and all, and its page takes it back", async () => {
    const page = await openTrackPage(live, trackId);
    const synced = await openSyncMode(page);
    const drums = synced.getByRole("listitem", { name: "Drums" });
    await drums.getByRole("button", { name: "Mute" }).click();
    await synced.getByRole("button", { name: "Play All" }).click();
    await waitForState(synced, "playing");
    await bar(page).getByRole("link", { name: "Undertow · stems" }).waitFor();
    let last = await playsPast(page, 0);
    await markPage(page);

    await page.locator(".track-header").getByRole("link", { name: artist.user.username }).click();
    await page.waitForURL(`**/u/${artist.user.username}`);
    last = await playsPast(page, last);
    await page.goBack();
    await page.waitForURL(`**/track/${trackId}`);
    const again = page.getByRole("region", { name: "Synced stems" });
    await waitForState(again, "playing");
    await expect(
      again.getByRole("listitem", { name: "Drums" }).getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    last = await playsPast(page, last);
    await again.getByRole("button", { name: "Pause All" }).click();
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    expect(await stayed(page)).toBe(true);
    await page.context().close();
  });

  test("a reload finds the last track in the bar, paused where it was", async () => {
    const page = await openTrackPage(live, trackId);
    await hydrated(page);
    await playOnTrackPage(page);
    await playsPast(page, 3);
    await bar(page).getByRole("button", { name: "Pause" }).click();
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    const pausedAt = await elapsed(page);
    await page.reload();
    await bar(page).getByRole("link", { name: "Undertow" }).waitFor();
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    expect(Math.abs((await elapsed(page)) - pausedAt)).toBeLessThanOrEqual(1);
    // Nothing plays until asked; then it goes on from there.
    await page.waitForTimeout(500);
    expect(Math.abs((await elapsed(page)) - pausedAt)).toBeLessThanOrEqual(1);
    await bar(page).getByRole("button", { name: "Play" }).click();
    await playsPast(page, pausedAt + 1);
    await page.context().close();
  });
});

describe("pages reached inside the page", () => {
  test("while a track plays, their islands work (the comment form, the mixer); back returns to the list's place", async () => {
    const listener = await signUp(live.server);
    const { page } = await live.openPage(`/u/${artist.user.username}`, listener.token, {
      viewport: { width: 1280, height: 420 },
    });
    await hydrated(page);
    const card = page.getByRole("article", { name: "Undertow" });
    await card.scrollIntoViewIfNeeded();
    // Pages load inside the page while audio plays (a link is a whole page load otherwise).
    await card.getByRole("button", { name: "Play", exact: true }).click();
    await playsPast(page, 0);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await markPage(page);
    await card.getByRole("link", { name: "Undertow" }).first().click();
    await page.waitForURL(`**/track/${trackId}`);
    await hydrated(page);
    await page.getByRole("textbox", { name: "Add a comment" }).fill("Heard it all the way through");
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.getByRole("article", { name: `Comment by ${listener.user.username}` }).waitFor();
    const synced = await openSyncMode(page);
    await synced.getByRole("listitem", { name: "Bass" }).getByRole("button", { name: "Solo" }).click();
    await synced.getByRole("listitem", { name: "Bass" }).getByRole("button", { name: "Unsolo" }).waitFor();
    await page.goBack();
    await page.waitForURL(`**/u/${artist.user.username}`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, scrolled);
    expect(await stayed(page)).toBe(true);
    await page.context().close();
  });

  test("while nothing plays, a link is a whole page load, as it was before there was a bar to keep", async () => {
    const { page } = await live.openPage(`/track/${trackId}`, null);
    await hydrated(page);
    await markPage(page);
    await page.locator(".track-header").getByRole("link", { name: artist.user.username }).click();
    await page.waitForURL(`**/u/${artist.user.username}`);
    await page.getByRole("article", { name: "Undertow" }).waitFor();
    expect(await stayed(page)).toBe(false);
    await page.goBack();
    await page.waitForURL(`**/track/${trackId}`);
    await page.context().close();
  });
});
