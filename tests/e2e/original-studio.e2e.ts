/**
 * Issue 37: the studio on one's own original, in real Chromium on both origins. The owner reaches it from the
 * track page's header and from the Track Info page, adds a forgotten stem, renames one and removes one; the
 * track page (theirs and a visitor's) shows the new stems with the same full track and comments, no re-upload.
 * Replacing audio is not offered on an original.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { TrackDetails } from "../../modules/tracks/model";
import { call, signUp } from "../support/api";
import { corpusPath } from "../support/corpus";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { screenshotPath } from "../support/screenshots";
import { drumsAndBassTrack, stemPath } from "../support/studio";

const live = setUpServerAndBrowser();

const studio = (page: Page) => page.getByRole("region", { name: "Studio" });
const toast = (page: Page, title: string, message?: string) =>
  page
    .locator(".toast", { hasText: title })
    .filter({ hasText: message ?? "" })
    .first()
    .waitFor({ timeout: 60_000 });
const stemNames = (page: Page) =>
  page.locator(".stems-section .stem-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label")));
/**
 * The studio offers changes again: the page reloads after a change, and again once the stem's processing is over
 * (until then its controls wait), so the next step must not start on a page about to go.
 */
const settled = (page: Page) =>
  studio(page).getByRole("button", { name: "Edit" }).first().and(page.locator(":enabled")).waitFor({ timeout: 60_000 });
const studioLoaded = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('astro-island[component-url*="Studio"][ssr]'));

for (const origin of ORIGINS) {
  describe(`on ${origin}`, () => {
    test("the owner adds a forgotten stem, renames one and removes one; the page shows it without a re-upload", async () => {
      const owner = await signUp(live.server);
      const id = await drumsAndBassTrack(live.server, owner.token);
      await call(live.server, "POST", `/track/${id}/comments`, { token: owner.token, body: { body: "Mixed at home" } });
      const before = (await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: owner.token })).body;

      // From Track Info, "Edit Stems" leads to the studio on the track page.
      const { context, page } = await live.openPage(`/track/${id}/edit`, owner.token, { origin });
      await page.getByRole("link", { name: "Edit Stems" }).click();
      await page.waitForURL((url) => url.pathname === `/track/${id}` && url.hash === "#studio");
      await studioLoaded(page);
      await studio(page).getByRole("form", { name: "Add stem" }).waitFor();
      // Brought into view once it has loaded, its heading below the sticky top bar.
      await page.waitForFunction(() => {
        const heading = document.querySelector(".studio h2")?.getBoundingClientRect();
        const bar = document.querySelector(".topbar")?.getBoundingClientRect();
        return heading && bar && heading.top >= bar.bottom && heading.bottom <= window.innerHeight;
      });
      expect(await studio(page).getByLabel("Replacement audio").count()).toBe(0);
      // The header's own link to it.
      expect(await page.getByRole("link", { name: "Edit Stems" }).getAttribute("href")).toBe("#studio");

      const add = studio(page).getByRole("form", { name: "Add stem" });
      await add.getByLabel("Stem name").fill("Synth");
      await add.getByLabel("Stem type").selectOption("synth");
      await add.getByLabel("Stem file").setInputFiles(corpusPath(stemPath("synth")));
      await add.getByRole("button", { name: "Add Stem" }).click();
      await toast(page, "Stem Added");
      await studio(page).getByText("Synth", { exact: true }).waitFor();
      await settled(page);

      const bass = studio(page).locator("li", { hasText: "bass" });
      await bass.getByRole("button", { name: "Edit" }).click();
      // An original's stem keeps its audio: the edit offers no new file.
      expect(await studio(page).getByLabel("New stem file").count()).toBe(0);
      await studio(page).getByLabel("Stem name").first().fill("Low End");
      await studio(page).getByRole("button", { name: "Save" }).click();
      await toast(page, "Stem Updated");
      await studio(page).getByText("Low End", { exact: true }).waitFor();
      await settled(page);

      const drums = studio(page).locator("li", { hasText: "drums" });
      await drums.getByRole("button", { name: "Remove", exact: true }).click();
      await drums.getByRole("alert").filter({ hasText: "The full track stays as uploaded" }).waitFor();
      await drums.getByRole("button", { name: "Remove Stem" }).click();
      await toast(page, "Stem Removed", "The full track stays as you uploaded it.");
      await page.waitForFunction(() => !document.querySelector(".studio-busy"));
      await studio(page).locator("li", { hasText: "drums" }).waitFor({ state: "detached" });
      await page.screenshot({ path: screenshotPath(`original-studio-${origin}`), fullPage: true });
      await context.close();

      // A visitor's page: the same track, its new stems, the full track and the comment as they were.
      const visitor = await live.openPage(`/track/${id}`, null, { origin });
      await visitor.page.locator(".stems-section .stem-row").first().waitFor();
      expect(await stemNames(visitor.page)).toEqual(["Low End", "Synth"]);
      await visitor.page.getByText("Mixed at home").waitFor();
      await visitor.context.close();
      const after = (await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: owner.token })).body;
      expect([after.originalUrl, after.waveformData, after.duration]).toEqual([
        before.originalUrl,
        before.waveformData,
        before.duration,
      ]);
    }, 180_000);
  });
}
