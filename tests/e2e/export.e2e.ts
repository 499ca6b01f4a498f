/**
 * Settings › Your data in Chromium at 1280 and 375 px: "Export my data" starts an export, the section says it is
 * being prepared until it is ready, then offers the download (a zip named after the account) with the date it is
 * kept until; a reload still shows it. Nothing spills out of the section or makes the page scroll sideways.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { signUp } from "../support/api";
import { zipNames } from "../support/exports";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { uploadTiny, waitProcessed } from "../support/uploads";
import { pageWidths, spillingBoxes } from "./support/layout";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();

test.each([
  ["wide", { width: 1280, height: 800 }],
  ["narrow", { width: 375, height: 740 }],
] as const)("at %s width: export, wait, download the zip", async (name, viewport) => {
  const user = await signUp(live.server);
  await waitProcessed(live.server, user, await uploadTiny(live.server, user, { title: "Exported Tune" }));
  const { page } = await live.openPage("/settings", user.token, { viewport });
  const section = page.getByRole("region", { name: "Your data" });
  const start = section.getByRole("button", { name: "Export my data" });
  // Enabled once the section has read the account's exports (none yet).
  await section.locator("button:enabled", { hasText: "Export my data" }).waitFor();
  await start.click();

  const link = section.getByRole("link", { name: "Download export" });
  await link.waitFor({ timeout: 30_000 });
  const status = section.getByRole("status");
  expect(await status.textContent()).toMatch(
    /^Your export is ready \(\d+\.\d (B|KB|MB)\)\. Download export Available until .+\.$/,
  );
  expect(await pageWidths(page)).toEqual({ page: viewport.width, screen: viewport.width });
  expect(await spillingBoxes(section)).toEqual([]);
  await page.screenshot({ path: screenshotPath(`export-${name}.png`), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`stemma-export-${user.user.username}-${today}.zip`);
  const path = await download.path();
  expect(zipNames(path)).toContain(`stemma-export-${user.user.username}-${today}/stemma.json`);

  await page.reload();
  await section.getByRole("link", { name: "Download export" }).waitFor();
});
