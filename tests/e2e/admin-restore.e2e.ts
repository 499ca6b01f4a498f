/**
 * The administrator's own screens: restoring a track from Pending Deletion on Deleted Tracks (its owner is told),
 * and Manage Storage, which sends her to the Users screen where she grants quota instead of telling her to ask
 * the administrator.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { NotificationPage } from "../../modules/notifications/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { uploadTiny, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";
import { horizontalBox } from "./support/layout";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let admin: Session;
let alice: Session;

async function pendingTrack(title: string): Promise<string> {
  const id = await uploadTiny(live.server, alice, { title });
  await waitForProcessing(live.server, alice.token, id);
  await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [id] } });
  return id;
}

beforeAll(async () => {
  admin = await signUp(live.server);
  alice = await signUp(live.server);
});

describe.each([1280, 375])("at %i px", (width) => {
  const viewport = { width, height: 800 };

  test("the admin restores a pending track; it leaves the list and its owner is told", async () => {
    const title = `Undertow ${width}`;
    const id = await pendingTrack(title);
    const { context, page } = await live.openPage("/admin/deleted-tracks", admin.token, { viewport });
    await page.getByLabel("Status").selectOption("PENDING_DELETION");
    const restore = page.getByRole("button", { name: `Restore ${title}` });
    await restore.waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`admin-restore-${width}`) });
    await restore.click();
    await page.getByRole("status").filter({ hasText: "Track restored" }).waitFor();
    await restore.waitFor({ state: "detached" });

    expect((await call(live.server, "GET", `/track/${id}`, { token: alice.token })).status).toBe(200);
    const told = await call<NotificationPage>(live.server, "GET", "/notifications?limit=1", { token: alice.token });
    expect(told.body.items[0]).toMatchObject({ title: "Your track was restored", link: `/track/${id}` });
    await context.close();
  });

  test("a deleted track offers no restore", async () => {
    const { context, page } = await live.openPage("/admin/deleted-tracks", admin.token, { viewport });
    await page.getByLabel("Status").selectOption("DELETED");
    await page.getByText("No deleted tracks").waitFor();
    expect(await page.getByRole("button", { name: /^Restore / }).count()).toBe(0);
    await context.close();
  });

  test("the admin's Manage Storage sends her to the Users screen instead of to the administrator", async () => {
    const { context, page } = await live.openPage("/manage-storage", admin.token, { viewport });
    const upgrade = page.getByRole("link", { name: "Upgrade Your Plan" });
    await upgrade.waitFor();
    await page.getByText("you set paid quota, yours included, on the Users screen").waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    const box = await horizontalBox(upgrade);
    expect(box.right).toBeLessThanOrEqual(width);
    await upgrade.click();
    await page.waitForURL(`${live.server.url}/admin/users`);
    expect(await page.getByText("granted by the administrator").count()).toBe(0);
    await context.close();
  });
});
