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
import { forkWithStems } from "../../support/studio";
import { FULL_MIX, STEM_FILES, uploadTrack } from "./fixtures";

setDefaultTimeout(180_000);

const live = setUpServerAndBrowser();
let owner: Session;
let forker: Session;

beforeAll(async () => {
  owner = await signUp(live.server);
  forker = await signUp(live.server);
});

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
