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
      const title = bar(page).getByRole("link", { name: "Undertow" });
      await expect(title.getAttribute("href")).resolves.toBe(`/track/${trackId}`);
      let last = await elapsed(page);

      await page.locator(".track-header").getByRole("link", { name: artist.user.username }).click();
      await page.waitForURL(`**/u/${artist.user.username}`);
      last = await playsPast(page, last);

      if (viewport.width < 640) await page.getByRole("link", { name: "Search" }).first().click();
      const search = page.getByRole("searchbox", {
        name: viewport.width < 640 ? "Search words" : "Search tracks, stems and artists",
      });
      await search.fill("Undertow");
      await search.press("Enter");
      await page.waitForURL("**/search?q=Undertow**");
      const result = page.getByRole("article", { name: "Undertow" }).first();
      await result.waitFor();
      last = await playsPast(page, last);

      await result.getByRole("link", { name: "#ambient" }).click();
      await page.waitForURL("**/genre/ambient");
      last = await playsPast(page, last);
      expect(await stayed(page)).toBe(true);
      // The bar's links lead back: the artist's page, then the track's, where the page's waveform is the bar's.
      await bar(page).getByRole("link", { name: "Nova Drift" }).click();
      await page.waitForURL(`**/u/${artist.user.username}`);
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
