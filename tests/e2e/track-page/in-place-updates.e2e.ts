/**
 * Issue 37, item 5: the track page never reloads under its reader. Processing that ends and a studio change that
 * lands are shown in place (players, stems, duration), so a comment being typed stays; and an owner's page holds the
 * places of their controls from the first paint instead of showing the visitor's view and swapping it.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { ORIGINS } from "../../support/origins";
import { drumsAndBassTrack, forkWithStems } from "../../support/studio";
import { FULL_MIX, STEM_FILES, uploadTrack } from "./fixtures";

setDefaultTimeout(180_000);

const live = setUpServerAndBrowser();
let owner: Session;
let forker: Session;
/** A processed public track of `owner`'s. */
let readyId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  readyId = await drumsAndBassTrack(live.server, owner.token);
}, 120_000);

/**
 * Watches the page from before its first paint: on every frame, whether the visitor's view shows (the top bar's
 * Login, the header's 'Uploaded by'), and every layout shift (CLS, as Chromium reports it).
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const seen = { frames: 0, login: 0, uploader: 0, shift: 0 };
    Object.assign(window, { firstPaint: seen });
    const shows = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
    const sample = () => {
      seen.frames++;
      if ([...document.querySelectorAll(".topbar a")].some((a) => a.textContent?.trim() === "Login" && shows(a))) seen.login++;
      if ([...document.querySelectorAll(".track-uploader")].some((p) => p.textContent?.startsWith("Uploaded by") && shows(p)))
        seen.uploader++;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const firstPaint = (page: Page) =>
  page.evaluate(() => (window as { firstPaint?: { frames: number; login: number; uploader: number; shift: number } }).firstPaint);

/** Marks the page's window: the mark is gone if the page reloads. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { stayedOpen: true }));
const windowKept = (page: Page) => page.evaluate(() => (window as { stayedOpen?: boolean }).stayedOpen === true);

/** Starts a comment without posting it. */
async function startComment(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Add a comment" });
  await box.fill(text);
  return box;
}

for (const origin of ORIGINS) {
  describe(`on ${origin}`, () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 800 },
    ])
      test(`at ${viewport.width} px the owner never sees the visitor's view, and little moves`, async () => {
        const { context, page } = await live.openPage("/", owner.token, { origin, viewport });
        await watchFirstPaint(page);
        await page.goto(page.url().replace(/\/$/, `/track/${readyId}`));
        await page.getByRole("link", { name: "Edit Track" }).waitFor();
        await page.getByRole("button", { name: /^Notifications/ }).waitFor();
        // Past the page's settling: the comments, the licence's words and the players' code.
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(1_000);
        const seen = await firstPaint(page);
        expect(seen?.frames).toBeGreaterThan(5);
        expect(seen?.login).toBe(0);
        expect(seen?.uploader).toBe(0);
        expect(seen?.shift).toBeLessThan(0.1);
        await context.close();
      });

    test("a visitor gets the visitor's view at once, with JavaScript and without", async () => {
      for (const javaScriptEnabled of [true, false]) {
        const { context, page } = await live.openPage(`/track/${readyId}`, null, { origin, javaScriptEnabled });
        await page.getByRole("link", { name: "Login", exact: true }).waitFor();
        await page.getByText("Uploaded by").waitFor();
        expect(await page.locator(".signed-in-placeholder").isVisible()).toBe(false);
        expect(await page.getByText("You uploaded this track").isVisible()).toBe(false);
        await context.close();
      }
    });

    test("processing ends while a comment is typed: the players appear in place, the comment stays", async () => {
      // Four stems keep the pipeline busy long enough to start typing while it runs.
      const id = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES });
      const { context, page } = await live.openPage(`/track/${id}`, owner.token, { origin });
      await page.getByText("Processing audio...").first().waitFor();
      await markWindow(page);
      const box = await startComment(page, "Half a thought about the bass");
      await page.getByRole("group", { name: "Player: Undertow" }).waitFor({ timeout: 150_000 });
      await page.getByText("Processing audio...").first().waitFor({ state: "detached", timeout: 150_000 });
      expect(await page.getByRole("group", { name: /^Player: / }).count()).toBe(1 + STEM_FILES.length);
      expect(await page.locator(".track-facts dd").first().textContent()).toBe("1:00");
      expect(await box.inputValue()).toBe("Half a thought about the bass");
      expect(await windowKept(page)).toBe(true);
      await context.close();
    });

    test("a studio change lands while a comment is typed: stems and mix change in place, the comment stays", async () => {
      const { forkId } = await forkWithStems(live.server, owner, forker, ["bass", "drums"]);
      const { context, page } = await live.openPage(`/track/${forkId}`, forker.token, { origin });
      const studio = page.getByRole("region", { name: "Studio" });
      await studio.waitFor();
      await page.getByRole("group", { name: "Player: drums" }).waitFor();
      await markWindow(page);
      const box = await startComment(page, "Before the drums go");
      const drums = studio.locator("li", { hasText: "drums" });
      await drums.getByRole("button", { name: "Remove", exact: true }).click();
      await drums.getByRole("button", { name: "Remove Stem" }).click();
      await page.locator(".toast", { hasText: "Stem Removed" }).first().waitFor({ timeout: 90_000 });
      await page.getByRole("heading", { name: "Stems (1)" }).waitFor();
      expect(await page.getByRole("group", { name: "Player: drums" }).count()).toBe(0);
      await page.getByRole("group", { name: "Player: Studio" }).waitFor();
      expect(await box.inputValue()).toBe("Before the drums go");
      expect(await windowKept(page)).toBe(true);
      await context.close();
    });
  });
}
