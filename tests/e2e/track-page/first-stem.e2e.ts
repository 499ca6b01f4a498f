/**
 * Issue 37, items 5 and 8 together: an original uploaded without stems has no stems section. When its owner adds the
 * forgotten first stem in the studio, the section (waveform, play, sync) appears in place, on the server-rendered
 * public page and on the private track's client-rendered page alike; removing the last stem takes it away again (also
 * the section a page was rendered with), and a new stem brings it back. No reload, so a comment being typed stays. A
 * visitor of a track without stems fetches none of the stems' code.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { type Session, signUp } from "../../support/api";
import { corpusPath } from "../../support/corpus";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { ORIGINS } from "../../support/origins";
import { stemPath } from "../../support/studio";
import { waitForProcessing } from "../../support/uploads";
import { hydrated } from "../support/hydrated";
import { FULL_MIX, STEM_FILES, uploadTrack, waitForState } from "./fixtures";

setDefaultTimeout(180_000);

const live = setUpServerAndBrowser();
let owner: Session;

beforeAll(async () => {
  owner = await signUp(live.server);
});

/** A processed original without stems, public or private: its id. */
async function stemlessTrack(isPublic: boolean): Promise<string> {
  const id = await uploadTrack(live.server, owner.token, { original: FULL_MIX, data: { isPublic } });
  await waitForProcessing(live.server, owner.token, id);
  return id;
}

const stemsSection = (page: Page) => page.getByRole("region", { name: /^Stems/ });
const studio = (page: Page) => page.getByRole("region", { name: "Studio" });
const toast = (page: Page, title: string) => page.locator(".toast", { hasText: title }).first().waitFor({ timeout: 90_000 });
/** Adds a stem named Synth in the studio, and waits until it is shown. */
async function addSynth(page: Page) {
  const add = studio(page).getByRole("form", { name: "Add stem" });
  await add.getByLabel("Stem name").fill("Synth");
  await add.getByLabel("Stem type").selectOption("synth");
  await add.getByLabel("Stem file").setInputFiles(corpusPath(stemPath("synth")));
  await add.getByRole("button", { name: "Add Stem" }).click();
  await toast(page, "Stem Added");
}
/** Marks the page's window: the mark is gone if the page reloads. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { stayedOpen: true }));
const windowKept = (page: Page) => page.evaluate(() => (window as { stayedOpen?: boolean }).stayedOpen === true);

for (const origin of ORIGINS) {
  describe(`on ${origin}`, () => {
    for (const [kind, isPublic] of [
      ["public", true],
      ["private", false],
    ] as const)
      test(`the first stem added to a ${kind} original shows its stems section in place; the last removed takes it away`, async () => {
        const id = await stemlessTrack(isPublic);
        const { context, page } = await live.openPage(`/track/${id}`, owner.token, { origin });
        const add = studio(page).getByRole("form", { name: "Add stem" });
        await add.waitFor();
        expect(await page.locator(".stems-section").count()).toBe(0);
        await markWindow(page);
        const box = page.getByRole("textbox", { name: "Add a comment" });
        await box.fill("A thought about the synth");

        await addSynth(page);

        // The section, where a reload would put it: after the full track, before the studio.
        await stemsSection(page).getByRole("heading", { name: "Stems (1)" }).waitFor();
        expect(
          await page.evaluate(() => {
            const [full, stems, studioPlace] = [".full-track", ".stems-section", ".studio"].map((s) => document.querySelector(s));
            const follows = (a: Element | null | undefined, b: Element | null | undefined) =>
              !!a && !!b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
            return follows(full, stems) && follows(stems, studioPlace);
          }),
        ).toBe(true);
        const row = stemsSection(page).getByRole("listitem", { name: "Synth" });
        const player = row.getByRole("group", { name: "Player: Synth" });
        await player.locator(".player-wave svg path").waitFor();
        await waitForState(player, "ready");
        await player.getByRole("button", { name: "Play" }).click();
        await waitForState(player, "playing");
        await player.getByRole("button", { name: "Pause" }).click();
        await stemsSection(page).getByRole("button", { name: "Sync" }).click();
        const synced = stemsSection(page).getByRole("region", { name: "Synced stems" });
        await waitForState(synced, "ready");
        await row.getByRole("button", { name: "Mute" }).waitFor();
        expect(await box.inputValue()).toBe("A thought about the synth");
        expect(await windowKept(page)).toBe(true);

        // The last stem removed: no empty section is left behind.
        const synth = studio(page).locator("li", { hasText: "Synth" });
        await synth.getByRole("button", { name: "Remove", exact: true }).click();
        await synth.getByRole("button", { name: "Remove Stem" }).click();
        await toast(page, "Stem Removed");
        await page.locator(".stems-section").waitFor({ state: "detached" });
        await page
          .getByRole("group", { name: /^Player: / })
          .first()
          .waitFor();
        expect(await box.inputValue()).toBe("A thought about the synth");
        expect(await windowKept(page)).toBe(true);
        await context.close();
      });

    test("an original rendered with one stem loses its section with that stem and gets it back with a new one", async () => {
      const id = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES.slice(0, 1) });
      await waitForProcessing(live.server, owner.token, id);
      const { context, page } = await live.openPage(`/track/${id}`, owner.token, { origin });
      await stemsSection(page).getByRole("listitem", { name: "Bass" }).waitFor();
      await markWindow(page);
      const bass = studio(page).locator("li", { hasText: "Bass" });
      await bass.getByRole("button", { name: "Remove", exact: true }).click();
      await bass.getByRole("button", { name: "Remove Stem" }).click();
      await toast(page, "Stem Removed");
      await page.locator(".stems-section").waitFor({ state: "detached" });

      await addSynth(page);
      await stemsSection(page).getByRole("heading", { name: "Stems (1)" }).waitFor();
      await stemsSection(page).getByRole("group", { name: "Player: Synth" }).locator(".player-wave svg path").waitFor();
      expect(await page.locator(".stems-section").count()).toBe(1);
      expect(await windowKept(page)).toBe(true);
      await context.close();
    });

    test("a visitor of a track without stems fetches none of the stems' code", async () => {
      const id = await stemlessTrack(true);
      const { context, page } = await live.openPage(`/track/${id}`, null, { origin });
      await page
        .getByRole("group", { name: /^Player: / })
        .first()
        .waitFor();
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const fetched = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
      );
      expect(fetched.filter((path) => /\/_astro\/(StemsSection|Studio)\./.test(path))).toEqual([]);
      await context.close();
    });
  });
}
