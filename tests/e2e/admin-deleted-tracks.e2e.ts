/**
 * The admin's Deleted Tracks screen. Tracks are put into the server's database as rows in the
 * PENDING_DELETION and DELETED states: no HTTP call makes a track DELETED, and 25 uploads through
 * ffmpeg would only slow this test down without exercising the screen any better.
 */

import { Database } from "bun:sqlite";
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { call, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";

setDefaultTimeout(30_000);

const live = setUpServerAndBrowser();
let admin: Awaited<ReturnType<typeof signUp>>;
let uploader: Awaited<ReturnType<typeof signUp>>;
const NOW = Date.now();

interface Seed {
  title: string;
  status: "ACTIVE" | "PENDING_DELETION" | "DELETED";
  duration: number | null;
  deletedAt: number | null;
  sizes?: [number, number, number];
  quota?: number;
}

function seed(rows: Seed[]): void {
  const sqlite = new Database(join(live.server.dataDir, "stemma.db"));
  sqlite.exec("PRAGMA busy_timeout = 5000");
  const licenseId = (sqlite.query("SELECT id FROM licenses LIMIT 1").get() as { id: string }).id;
  const insert = sqlite.query(
    `INSERT INTO tracks (id, user_id, title, primary_artist_name, duration, original_format, original_key, license_id,
       status, deleted_at, total_quota_seconds, original_size_bytes, mp3_size_bytes, cover_art_size_bytes, created_at, updated_at)
     VALUES (?, ?, ?, 'Nova Drift', ?, 'wav', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of rows) {
    const id = crypto.randomUUID();
    const [original, mp3, cover] = row.sizes ?? [1024, 0, 0];
    insert.run(
      id,
      uploader.user.id,
      row.title,
      row.duration,
      `tracks/${id}/original.wav`,
      licenseId,
      row.status,
      row.deletedAt,
      row.quota ?? row.duration ?? 0,
      original,
      mp3,
      cover,
      NOW,
      NOW,
    );
  }
  sqlite.close();
}

const pad = (n: number) => String(n).padStart(2, "0");
const titleCells = (page: Page) => page.getByRole("row").locator("td:first-child strong");

beforeAll(async () => {
  admin = await signUp(live.server);
  uploader = await signUp(live.server, { username: "uploader_one" });
  seed([
    // 13 pending, 10 deleted (one with no date), 1 active that never shows.
    ...Array.from(
      { length: 13 },
      (_, i): Seed => ({
        title: `Pending ${pad(i + 1)}`,
        status: "PENDING_DELETION",
        duration: 100 + i,
        deletedAt: NOW - (i + 1) * 60_000,
      }),
    ),
    ...Array.from(
      { length: 10 },
      (_, i): Seed => ({
        title: `Gone ${pad(i + 1)}`,
        status: "DELETED",
        duration: i === 0 ? 125 : 10 + i,
        deletedAt: i === 9 ? null : NOW - 3 * 86_400_000,
        sizes: i === 0 ? [1024 * 1024, 512 * 1024, 512 * 1024] : undefined,
        quota: i === 0 ? 3725 : undefined,
      }),
    ),
    { title: "Still Here", status: "ACTIVE", duration: 1, deletedAt: null },
  ]);
});

describe("deleted tracks screen", () => {
  test("the list is ADMIN-only on the server too", async () => {
    expect((await call(live.server, "GET", "/tracks/deleted", { token: uploader.token })).status).toBe(403);
    expect((await call(live.server, "GET", "/tracks/deleted/count")).status).toBe(401);
  });

  test("columns, title order, cursor paging forward and back with Page N of M", async () => {
    const { context, page } = await live.openPage("/admin/deleted-tracks", admin.token);
    await page.getByText("Page 1 of 3").waitFor();
    const firstPage = await titleCells(page).allTextContents();
    expect(firstPage).toEqual([...Array.from({ length: 10 }, (_, i) => `Gone ${pad(i + 1)}`)]);

    const cells = await page.getByRole("row").filter({ hasText: "Gone 01" }).getByRole("cell").allTextContents();
    const threeDaysAgo = await page.evaluate(() => new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(-3, "day"));
    // A DELETED track has no files left to restore: its Actions cell is empty.
    expect(cells).toEqual(["Gone 01by Nova Drift", "uploader_one", "Deleted", threeDaysAgo, "2:05", "1h 2m", "2.0 MB", ""]);
    const undated = await page.getByRole("row").filter({ hasText: "Gone 10" }).getByRole("cell").nth(3).textContent();
    expect(undated).toBe("—");
    expect(await page.getByRole("cell", { name: "Still Here" }).count()).toBe(0);

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 3").waitFor();
    const secondPage = await titleCells(page).allTextContents();
    expect(secondPage).toEqual(Array.from({ length: 10 }, (_, i) => `Pending ${pad(i + 1)}`));
    const pendingBadge = page.getByRole("row").filter({ hasText: "Pending 01" }).getByText("Pending Deletion");
    expect(await pendingBadge.getAttribute("class")).toContain("status-warning");

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 3 of 3").waitFor();
    expect(await titleCells(page).allTextContents()).toEqual(["Pending 11", "Pending 12", "Pending 13"]);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Page 2 of 3").waitFor();
    expect(await titleCells(page).allTextContents()).toEqual(secondPage);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText("Page 1 of 3").waitFor();
    expect(await titleCells(page).allTextContents()).toEqual(firstPage);
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    await context.close();
  });

  test("the status filter and the sort each start again at page 1", async () => {
    const { context, page } = await live.openPage("/admin/deleted-tracks", admin.token);
    await page.getByText("Page 1 of 3").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 3").waitFor();

    await page.getByLabel("Status").selectOption({ label: "Pending Deletion" });
    await page.getByText("Page 1 of 2").waitFor();
    expect((await titleCells(page).allTextContents())[0]).toBe("Pending 01");
    await page.getByLabel("Status").selectOption({ label: "Deleted" });
    await page.getByText("Page 1 of 1").waitFor();
    expect(await titleCells(page).count()).toBe(10);

    await page.getByLabel("Status").selectOption({ label: "All" });
    await page.getByText("Page 1 of 3").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 3").waitFor();
    await page.getByRole("button", { name: /^Title/ }).click();
    await page.getByText("Page 1 of 3").waitFor();
    await page.getByRole("columnheader", { name: /Title/ }).and(page.locator("[aria-sort=descending]")).waitFor();
    expect((await titleCells(page).allTextContents()).slice(0, 2)).toEqual(["Pending 13", "Pending 12"]);

    await page.getByRole("button", { name: /^Duration/ }).click();
    await page
      .getByRole("columnheader", { name: /Duration/ })
      .and(page.locator("[aria-sort=ascending]"))
      .waitFor();
    // Shortest first: Gone 02..10 last 11..19 seconds.
    expect((await titleCells(page).allTextContents()).slice(0, 3)).toEqual(["Gone 02", "Gone 03", "Gone 04"]);
    await context.close();
  });
});
