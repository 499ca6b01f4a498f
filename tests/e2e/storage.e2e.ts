import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { formatQuotaDuration } from "../../islands/lib/format";
import type { StorageQuota } from "../../modules/storage/model";
import { call, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { signedInPage } from "../support/signed-in-page";
import { waitForProcessing } from "../support/uploads";
import { CORPUS, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(60_000);

type Quota = StorageQuota;

const live = setUpServerAndBrowser();

/** Restarts the server over the same data with another free quota (an instance admin's setting). */
const restartWithFreeQuota = (seconds: number) => live.restartServer({ FREE_QUOTA_SECONDS: String(seconds) });

const stat = (page: Page, label: string) => page.locator(".stat").filter({ hasText: label });
const breakdown = (page: Page, label: string) =>
  page.getByRole("definition").filter({ has: page.getByRole("progressbar", { name: `${label} share of total` }) });
const usage = (page: Page) => page.getByRole("progressbar", { name: "Storage used" });

// The first account is the ADMIN, whose upgrade button differs (tests/e2e/admin-restore.e2e.ts): the others are users.
beforeAll(() => signUp(live.server));

describe("storage management", () => {
  test("a new account: nothing used, the whole free quota available, no label on an empty bar", async () => {
    const account = await signUp(live.server);
    const { context, page } = await live.openPage("/manage-storage", account.token);
    await page.getByRole("heading", { name: "Storage Management", level: 1 }).waitFor();
    await stat(page, "Used Storage").waitFor();
    expect(await stat(page, "Used Storage").textContent()).toBe("Used Storage0sof 1h 0m");
    expect(await stat(page, "Available Storage").textContent()).toBe("Available Storage1h 0mremaining");
    expect(await breakdown(page, "Free Quota").textContent()).toBe("1h 0m");
    expect(await breakdown(page, "Premium Quota").textContent()).toBe("0s");
    expect(await breakdown(page, "Used").textContent()).toBe("0s");
    expect(await usage(page).getAttribute("aria-valuenow")).toBe("0");
    expect(await usage(page).textContent()).toBe("");
    expect(await page.getByText("You have exceeded your storage quota").count()).toBe(0);

    await page.getByRole("button", { name: "Upgrade Your Plan" }).click();
    await page.getByRole("status").filter({ hasText: "granted by the administrator" }).waitFor();
    await context.close();
  });

  test("a failed load offers Retry, which reloads the page", async () => {
    const account = await signUp(live.server);
    const { context, page } = await signedInPage(live.browser, account.token);
    // The network drops the first quota call only.
    let dropped = false;
    await page.route("**/api/storage/quota*", (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort("connectionreset");
    });
    await page.goto(`${live.server.url}/manage-storage`);
    await page.getByText("Failed to load storage information. Please try again.").waitFor();
    const reload = page.waitForEvent("load");
    await page.getByRole("button", { name: "Retry" }).click();
    await reload;
    await stat(page, "Used Storage").waitFor();
    await context.close();
  });

  test("usage after an upload: label only above 10%, capped at 100% and flagged when over quota", async () => {
    const account = await signUp(live.server);
    const id = await uploadTrack(live.server, account.token, { original: `${CORPUS}/real-audio/audio-lena.flac` });
    await waitForProcessing(live.server, account.token, id);
    const quota = (await call<Quota>(live.server, "GET", "/storage/quota", { token: account.token })).body;
    expect(quota.currentUsedQuotaSeconds).toBeGreaterThan(12);
    expect(quota.currentUsedQuotaSeconds).toBeLessThan(13);

    const { context, page } = await live.openPage("/manage-storage", account.token);
    await stat(page, "Used Storage").waitFor();
    expect(await stat(page, "Used Storage").textContent()).toBe(
      `Used Storage${formatQuotaDuration(quota.currentUsedQuotaSeconds)}of 1h 0m`,
    );
    // Twelve seconds of an hour is under 1%: the bar has no room for a label.
    expect(await usage(page).getAttribute("aria-valuenow")).toBe("0");
    expect(await usage(page).textContent()).toBe("");

    await restartWithFreeQuota(20);
    await page.reload();
    await stat(page, "Used Storage").waitFor();
    const percent = String(Math.round((quota.currentUsedQuotaSeconds / 20) * 100));
    expect(await usage(page).textContent()).toBe(`${percent}%`);
    expect(await stat(page, "Available Storage").textContent()).toBe(
      `Available Storage${formatQuotaDuration(20 - quota.currentUsedQuotaSeconds)}remaining`,
    );

    await restartWithFreeQuota(5);
    await page.reload();
    await page.getByText("You have exceeded your storage quota").waitFor();
    expect(await usage(page).textContent()).toBe("100%");
    expect(await usage(page).getAttribute("aria-valuenow")).toBe("100");
    expect(await stat(page, "Available Storage").textContent()).toBe("Available Storage0sremaining");
    await context.close();
  });
});
