/**
 * The admin's Users screen in Chromium: the accounts with their storage, a search, a reset link handed over in a
 * dialog (and working), paid quota set with the server's refusal shown, and the screen on a phone (each account a card
 * of labelled values, nothing hidden behind a sideways scroll).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { StorageQuota } from "../../modules/storage/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { screenshotPath } from "../support/screenshots";
import { uploadTiny } from "../support/uploads";
import { pastedText } from "./support/clipboard";
import { pageWidths } from "./support/layout";

setDefaultTimeout(30_000);

const live = setUpServerAndBrowser({ env: { FREE_QUOTA_SECONDS: "3600" } });
let admin: Session;
let musician: Session;
let listener: Session;

beforeAll(async () => {
  admin = await signUp(live.server);
  musician = await signUp(live.server, { username: `musician_${Date.now().toString(36)}` });
  listener = await signUp(live.server);
  await uploadTiny(live.server, musician);
  await call(live.server, "POST", "/auth/request-early-access", { body: { email: "waiting.fan@example.org" } });
});

const row = (page: Page, session: Session) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: session.user.username, exact: true }) });

// localhost is a secure context even over http, with the asynchronous clipboard; a LAN name (http://nas.local:3000)
// is not, and Copy link must work there as well.
for (const origin of ORIGINS)
  describe(`users screen on the ${origin} origin`, () => {
    test("Copy link puts the reset link on the clipboard", async () => {
      const { context, page } = await live.openPage("/admin/users", admin.token, { origin });
      if (origin === "localhost") await context.grantPermissions(["clipboard-write"], { origin: live.server.url });
      await page.getByRole("button", { name: `Reset link for ${musician.user.username}` }).click();
      const dialog = page.getByRole("dialog", { name: `Reset link for ${musician.user.username}` });
      await dialog.getByRole("button", { name: "Copy link" }).click();
      await dialog.getByRole("button", { name: "Copied" }).waitFor();
      expect(await pastedText(page)).toBe(await dialog.getByLabel("Reset link").inputValue());
      await context.close();
    });
  });

describe("users screen", () => {
  test("lists every account with its role, tracks and storage; a search narrows it", async () => {
    const { context, page } = await live.openPage("/admin/users", admin.token);
    await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
    await row(page, listener).waitFor();
    expect(await row(page, admin).getByText("Admin").count()).toBe(1);
    const musicianRow = row(page, musician);
    // One track, a fraction of the hour everyone gets; no paid quota; no e-mail address anywhere.
    expect(await musicianRow.locator("td").nth(3).textContent()).toBe("1");
    expect(await musicianRow.locator("td").nth(4).textContent()).toMatch(/^\d+s of 1h 0m$/);
    expect(await musicianRow.locator("td").nth(5).textContent()).toBe("None");
    // No account's address anywhere (those of early access requests end in .org).
    expect(await page.getByRole("main").textContent()).not.toContain("@example.com");

    await page.getByLabel("Search users").fill("MUSICIAN_");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForFunction(() => document.querySelectorAll("section[aria-label=Users] tbody tr").length === 1);
    await musicianRow.waitFor();
    await page.getByLabel("Search users").fill(listener.user.email);
    await page.getByLabel("Search users").press("Enter");
    await row(page, listener).waitFor();
    await page.waitForFunction(() => document.querySelectorAll("section[aria-label=Users] tbody tr").length === 1);
    await page.getByLabel("Search users").fill("nobody-matches");
    await page.getByLabel("Search users").press("Enter");
    await page.getByText("No users match this search").waitFor();
    // Below the accounts: who waits for an invite code.
    const requests = page.getByRole("region", { name: "Early access requests", exact: true });
    await requests.getByRole("cell", { name: "waiting.fan@example.org" }).waitFor();
    await page.screenshot({ path: screenshotPath("admin-users-1280") });
    await context.close();
  });

  test("a reset link shows in a dialog, and it sets a new password", async () => {
    const { context, page } = await live.openPage("/admin/users", admin.token);
    await page.getByRole("button", { name: `Reset link for ${listener.user.username}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reset link for ${listener.user.username}` });
    const link = new URL(await dialog.getByLabel("Reset link").inputValue());
    expect(link.pathname).toBe("/reset-password");
    expect(await dialog.textContent()).toContain("sets a new password once");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });

    const reset = await call(live.server, "POST", "/auth/password-reset", {
      body: { token: link.searchParams.get("token"), password: "Another456" },
    });
    expect(reset.status).toBe(200);
    const login = await call(live.server, "POST", "/auth/login", {
      body: { email: listener.user.email, password: "Another456" },
    });
    expect(login.status).toBe(200);
    await context.close();
  });

  test("paid quota is set in hours; a value over the limit shows the server's message", async () => {
    const { context, page } = await live.openPage("/admin/users", admin.token);
    await page.getByRole("button", { name: `Paid quota for ${musician.user.username}` }).click();
    const dialog = page.getByRole("dialog", { name: `Paid quota for ${musician.user.username}` });
    await dialog.getByLabel("Paid quota (hours)").fill("900000");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("alert").getByText("Paid quota must be a number of hours from 0 to 876000").waitFor();

    await dialog.getByLabel("Paid quota (hours)").fill("2.5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await row(page, musician).getByRole("cell", { name: "2h 30m", exact: true }).waitFor();
    const quota = await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: musician.token });
    expect(quota.body).toMatchObject({ paidQuotaSeconds: 9000, totalQuotaSeconds: 12600 });
    await context.close();
  });

  test("someone who is not an admin is sent home", async () => {
    const { context, page } = await live.openPage("/admin/users", musician.token);
    await page.waitForURL(`${live.server.url}/`);
    await context.close();
  });

  test("at 375px the page does not scroll sideways and the dialog fits the screen", async () => {
    const { context, page } = await live.openPage("/admin/users", admin.token, { viewport: { width: 375, height: 740 } });
    await row(page, musician).waitFor();
    const widths = await pageWidths(page);
    expect(widths.page).toBe(widths.screen);
    await page.getByRole("button", { name: `Paid quota for ${musician.user.username}` }).click();
    const box = await page.getByRole("dialog").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await page.screenshot({ path: screenshotPath("admin-users-375") });
    await context.close();
  });
});

describe.each(ORIGINS)("users screen on a phone, on the %s origin", (origin) => {
  test("at 375px each account is a card of labelled values: none hides behind a sideways scroll", async () => {
    const { context, page } = await live.openPage("/admin/users", admin.token, {
      viewport: { width: 375, height: 740 },
      origin,
    });
    const musicianRow = row(page, musician);
    await musicianRow.waitFor();
    const table = page.getByRole("region", { name: "Users", exact: true });
    expect(await table.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBe(0);
    // Every value, and the buttons, on the screen, each beside its column's name.
    for (const cell of await musicianRow.locator("td").all()) {
      const box = await cell.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    const labelled = await musicianRow
      .locator("td[data-label]")
      .evaluateAll((cells) => cells.map((cell) => `${getComputedStyle(cell, "::before").content} ${cell.textContent}`));
    expect(labelled).toEqual([
      '"Role" User',
      expect.stringMatching(/^"Created" /),
      '"Tracks" 1',
      expect.stringMatching(/^"Storage used" \d+s of \d+h \d+m$/),
      expect.stringMatching(/^"Paid quota" /),
    ]);
    for (const name of ["Reset link", "Paid quota"]) {
      const box = await musicianRow.getByRole("button", { name: `${name} for ${musician.user.username}` }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await page.screenshot({ path: screenshotPath(`admin-users-cards-375-${origin}`), fullPage: true });
    await context.close();
  });
});
