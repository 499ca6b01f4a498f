/**
 * Issue 37, item 10, where the musician meets it, on localhost and on a plain-http LAN name: the fork dialog says what
 * forking costs (a plain fork nothing, "Fork with this mix" its rendered full track), and Manage Storage shows the
 * forker's usage afterwards (nothing for the plain fork, the mix's seconds for the other).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { screenshotPath } from "../support/screenshots";
import { STEMS, stemPath } from "../support/studio";
import { createTrack, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";
import { openSyncMode } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
const VIEWPORT = { width: 1280, height: 900 };
const LATER = "Stems you add and audio you replace later use your storage.";
let owner: Session;
let trackId: string;

beforeAll(async () => {
  await signUp(live.server);
  owner = await signUp(live.server);
  trackId = await createTrack(live.server, owner.token, {
    original: `${STEMS} (full mix).wav`,
    stems: ["bass", "drums", "synth", "vocals"].map((part) => ({ path: stemPath(part), name: part, type: "other" })),
  });
  await waitForProcessing(live.server, owner.token, trackId);
});

/** Manage Storage's "Used Storage" figure. */
async function usedStorage(page: Page): Promise<string> {
  await page.goto(new URL("/manage-storage", page.url()).href);
  const stat = page.locator(".stat").filter({ hasText: "Used Storage" }).locator(".stat-value");
  await stat.waitFor();
  return (await stat.textContent()) ?? "";
}

/** Submits the open fork dialog and waits for the new fork's page. */
async function fork(page: Page): Promise<void> {
  await page.getByRole("dialog", { name: "Fork Track" }).getByRole("button", { name: "Fork", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/track/") && !url.pathname.endsWith(trackId));
}

for (const origin of ORIGINS) {
  describe(`what a fork costs (${origin})`, () => {
    let forker: Session;
    beforeAll(async () => {
      forker = await signUp(live.server);
    });

    test("the Fork dialog says forking is free, and Manage Storage shows nothing used after it", async () => {
      const { context, page } = await live.openPage(`/track/${trackId}`, forker.token, { origin, viewport: VIEWPORT });
      await hydrated(page);
      await page.getByRole("button", { name: "Fork", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Fork Track" });
      await dialog
        .getByText(`Forking is free: your fork shares this track's audio and stems. ${LATER}`, { exact: true })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`fork-cost-free-${origin}`) });
      await fork(page);
      expect(await usedStorage(page)).toBe("0s");
      await page.getByText(/A fork counts only what you add to it/).waitFor();
      await context.close();
    });

    test("'Fork with this mix' says it costs the rendered full track, and Manage Storage then shows it", async () => {
      const { context, page } = await live.openPage(`/track/${trackId}`, forker.token, { origin, viewport: VIEWPORT });
      const synced = await openSyncMode(page);
      await synced.getByRole("button", { name: "Fork with this mix" }).click();
      const dialog = page.getByRole("dialog", { name: "Fork Track" });
      await dialog
        .getByText(
          `This fork uses 1m 0s of your storage for its newly rendered full track; its stems stay shared, at no cost. ${LATER}`,
          { exact: true },
        )
        .waitFor();
      await page.screenshot({ path: screenshotPath(`fork-cost-mix-${origin}`) });
      await fork(page);
      expect(await usedStorage(page)).toBe("1m 0s");
      const quota = await call<{ currentUsedQuotaSeconds: number }>(live.server, "GET", "/storage/quota", {
        token: owner.token,
      });
      // The original's owner still pays for the original: the full track and its four stems.
      expect(quota.body.currentUsedQuotaSeconds).toBeCloseTo(300, 3);
      await context.close();
    });
  });
}
