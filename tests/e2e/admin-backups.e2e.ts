/**
 * The admins' Backups screen in Chromium: the schedule, "Back up now" running a real backup into BACKUP_DIR and
 * the last backup shown verified with its size and duration, on a desktop and a phone, axe clean; others are
 * sent home.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { uploadTiny } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { pageWidths } from "./support/layout";

setDefaultTimeout(60_000);

const folder = mkdtempSync(join(tmpdir(), "stemma-e2e-backups-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const live = setUpServerAndBrowser({ env: { BACKUP_DIR: folder, BACKUP_INTERVAL_HOURS: "12", BACKUP_KEEP: "3" } });
let admin: Session;
let musician: Session;

beforeAll(async () => {
  admin = await signUp(live.server);
  musician = await signUp(live.server);
  await uploadTiny(live.server, musician);
});

describe("backups screen", () => {
  test("Back up now makes a backup, shown verified with when, how big and how long", async () => {
    const { context, page } = await live.openPage("/admin/backups", admin.token);
    await page.getByRole("heading", { name: "Backups", level: 1 }).waitFor();
    await page.getByText("Every 12 hours, keeping the last 3.").waitFor();
    await page.getByText("No backup yet.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Back up now" }).click();
    const last = page.getByRole("region", { name: /Last Backup/ });
    await last.getByText("Verified").waitFor();
    await page.getByRole("button", { name: "Back up now" }).waitFor(); // enabled again once it finished
    for (const label of ["Started", "Duration", "Size", "Copied this time", "Media files"]) {
      await last.getByText(label, { exact: true }).waitFor();
    }
    expect(await last.textContent()).toContain("An admin (Back up now)");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath("admin-backups-1280") });
    await context.close();
  });

  test("at 375px the page does not scroll sideways, and it stays axe clean", async () => {
    const { context, page } = await live.openPage("/admin/backups", admin.token, { viewport: { width: 375, height: 740 } });
    await page
      .getByRole("region", { name: /Last Backup/ })
      .getByText("Verified")
      .waitFor();
    const widths = await pageWidths(page);
    expect(widths.page).toBe(widths.screen);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath("admin-backups-375") });
    await context.close();
  });

  test("someone who is not an admin is sent home", async () => {
    const { context, page } = await live.openPage("/admin/backups", musician.token);
    await page.waitForURL(`${live.server.url}/`);
    await context.close();
  });
});
