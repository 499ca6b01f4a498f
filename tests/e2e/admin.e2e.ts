import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { FeatureFlag, InviteCode } from "../../modules/admin/model";
import { call, signUp } from "../support/api";
import { createInviteOnlySwitch } from "../support/invite-only";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { screenshotPath } from "../support/screenshots";
import { signedInPage } from "../support/signed-in-page";
import { horizontalBox, pageWidths } from "./support/layout";

setDefaultTimeout(30_000);

type Flag = FeatureFlag;
type Code = InviteCode;

const live = setUpServerAndBrowser();
let admin: Awaited<ReturnType<typeof signUp>>;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp(live.server);
  user = await signUp(live.server);
});

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

describe("admin guard and routes", () => {
  test("/admin and /my-tracks answer a real redirect to their first tab", async () => {
    for (const [path, target] of [
      ["/admin", "/admin/feature-flags"],
      ["/my-tracks", "/my-tracks/authored"],
    ]) {
      const res = await fetch(`${live.server.url}${path}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(target as string);
    }
  });

  test("a USER is sent to /; a visitor reads the SPEC text with a link to log in that comes back; the admin moves between the three tabs", async () => {
    const asUser = await signedInPage(live.browser, user.token);
    await asUser.page.goto(`${live.server.url}/admin/invite-codes`);
    await asUser.page.waitForURL(`${live.server.url}/`);
    await asUser.context.close();

    const anonymous = await signedInPage(live.browser, null);
    for (const path of ["/admin/feature-flags", "/admin/invite-codes", "/admin/deleted-tracks"]) {
      await anonymous.page.goto(`${live.server.url}${path}`);
      await anonymous.page.getByText("You must be logged in to view this page.").waitFor();
      const login = anonymous.page.getByRole("main").getByRole("link", { name: "Log in" });
      await anonymous.page.waitForFunction(
        (expected) => document.querySelector("main a.sign-in-link")?.getAttribute("href") === expected,
        `/login?next=${encodeURIComponent(path)}`,
      );
      expect(await login.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(path)}`);
      expect(anonymous.page.url()).toBe(`${live.server.url}${path}`);
    }
    await anonymous.page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await anonymous.page.getByLabel("Email", { exact: true }).fill(admin.user.email);
    await anonymous.page.getByLabel("Password", { exact: true }).fill(admin.password);
    await anonymous.page.getByRole("button", { name: "Login" }).click();
    await anonymous.page.waitForURL(`${live.server.url}/admin/deleted-tracks`);
    await anonymous.context.close();

    const { context, page } = await live.openPage("/admin", admin.token);
    await page.waitForURL(`${live.server.url}/admin/feature-flags`);
    const tabs = page.getByRole("navigation", { name: "Admin sections" });
    await page.getByRole("heading", { name: "Feature Flags", level: 1 }).waitFor();
    expect(await tabs.getByRole("link", { name: "Feature Flags" }).getAttribute("aria-current")).toBe("page");
    await tabs.getByRole("link", { name: "Invite Codes" }).click();
    await page.getByRole("heading", { name: "Invite Codes", level: 1 }).waitFor();
    await tabs.getByRole("link", { name: "Deleted Tracks" }).click();
    await page.getByRole("heading", { name: "Deleted Tracks", level: 1 }).waitFor();
    expect(page.url()).toBe(`${live.server.url}/admin/deleted-tracks`);
    await context.close();
  });
});

describe("admin tabs on a phone", () => {
  test("at 375px every tab shows its whole label on the screen", async () => {
    const { context, page } = await live.openPage("/admin/deleted-tracks", admin.token, {
      viewport: { width: 375, height: 740 },
    });
    const tabs = page.getByRole("navigation", { name: "Admin sections" });
    await tabs.getByRole("link", { name: "Deleted Tracks" }).waitFor();
    await page.screenshot({ path: screenshotPath("admin-tabs-375") });
    for (const label of ["Feature Flags", "Invite Codes", "Deleted Tracks", "Users"]) {
      const tab = tabs.getByRole("link", { name: label });
      const box = await horizontalBox(tab);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
      // Not clipped inside its own box either.
      expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    // The row itself does not hide tabs behind a sideways scroll.
    expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const widths = await pageWidths(page);
    expect(widths.page).toBe(widths.screen);
    await context.close();
  });
});

describe("feature flags screen", () => {
  test("a fresh instance lists EARLY_ACCESS_REQUIRED, disabled, with its description", async () => {
    const { context, page } = await live.openPage("/admin/feature-flags", admin.token);
    const flagRow = row(page, "EARLY_ACCESS_REQUIRED");
    await flagRow.getByText("Disabled").waitFor();
    expect(await flagRow.textContent()).toContain("invite code");
    expect(await page.getByText("No feature flags yet").count()).toBe(0);
    await context.close();
  });

  test("create a flag, enable and disable it; a duplicate shows the server's message", async () => {
    const { context, page } = await live.openPage("/admin/feature-flags", admin.token);
    const form = page.getByRole("form", { name: "Create feature flag" });
    await form.getByLabel("Flag Name").fill("DARK_MODE");
    await form.getByLabel("Description").fill("Dims the lights");
    await form.getByRole("button", { name: "Create Flag" }).click();

    const flagRow = row(page, "DARK_MODE");
    await flagRow.getByText("Disabled").waitFor();
    expect(await flagRow.textContent()).toContain("Dims the lights");
    expect(await form.getByLabel("Flag Name").inputValue()).toBe("");

    await flagRow.getByRole("button", { name: "Enable DARK_MODE" }).click();
    await flagRow.getByText("Enabled").waitFor();
    expect((await call<string[]>(live.server, "GET", "/auth/enabled-features")).body).toContain("DARK_MODE");
    await flagRow.getByRole("button", { name: "Disable DARK_MODE" }).click();
    await flagRow.getByText("Disabled").waitFor();
    const flags = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    expect(flags.body.find((flag) => flag.name === "DARK_MODE")?.isEnabled).toBe(false);

    await form.getByLabel("Flag Name").fill("EARLY_ACCESS_REQUIRED");
    await form.getByRole("button", { name: "Create Flag" }).click();
    await form.getByRole("alert").getByText("A feature flag named EARLY_ACCESS_REQUIRED already exists").waitFor();
    expect(await row(page, "EARLY_ACCESS_REQUIRED").count()).toBe(1);
    await context.close();
  });

  test("the name is required before anything is sent", async () => {
    const { context, page } = await live.openPage("/admin/feature-flags", admin.token);
    const form = page.getByRole("form", { name: "Create feature flag" });
    await form.getByLabel("Description").fill("No name given");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await form.getByRole("button", { name: "Create Flag" }).click();
    expect(await form.getByLabel("Flag Name").evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(posted).toBe(false);
    await context.close();
  });
});

describe("invite codes screen", () => {
  test("create with a reference and an expiry, create with defaults, deactivate and activate", async () => {
    const { context, page } = await live.openPage("/admin/invite-codes", admin.token);
    const form = page.getByRole("form", { name: "Create invite code" });
    const maxUses = form.getByLabel("Max Uses");
    expect(await maxUses.inputValue()).toBe("1");
    expect(await maxUses.getAttribute("min")).toBe("1");
    expect(await maxUses.getAttribute("required")).not.toBeNull();

    await maxUses.fill("5");
    await form.getByLabel("Reference").fill("For the band");
    await form.getByLabel("Expires At").fill("2031-06-15T18:30");
    await form.getByRole("button", { name: "Create Code" }).click();
    await form.getByRole("status").waitFor();
    const created = (await form.getByRole("status").locator(".mono").textContent()) as string;
    const bandRow = row(page, created);
    await bandRow.waitFor();
    const cells = await bandRow.getByRole("cell").allTextContents();
    const expectedDate = await page.evaluate(() => new Date("2031-06-15T18:30").toLocaleDateString());
    expect(cells.slice(0, 6)).toEqual([created, "For the band", "0", "5", expectedDate, "Active"]);
    const stored = (await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })).body.codes;
    const storedBand = stored.find((code) => code.code === created) as Code;
    expect(storedBand).toMatchObject({ maxUses: 5, reference: "For the band" });
    expect(storedBand.expiresAt).toBe(await page.evaluate(() => new Date("2031-06-15T18:30").toISOString()));

    await form.getByRole("button", { name: "Create Code" }).click();
    await form.getByRole("status").filter({ hasNotText: created }).waitFor();
    const plain = (await form.getByRole("status").locator(".mono").textContent()) as string;
    const plainCells = await row(page, plain).getByRole("cell").allTextContents();
    expect(plainCells.slice(0, 6)).toEqual([plain, "—", "0", "1", "Never", "Active"]);
    const storedPlain = (
      await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })
    ).body.codes.find((code) => code.code === plain);
    expect(storedPlain).toMatchObject({ reference: null, expiresAt: null, maxUses: 1 });

    await bandRow.getByRole("button", { name: `Deactivate ${created}` }).click();
    await bandRow.getByText("Inactive").waitFor();
    const after = (await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })).body.codes;
    expect(after.find((code) => code.code === created)?.isActive).toBe(false);
    await bandRow.getByRole("button", { name: `Activate ${created}` }).click();
    await bandRow.getByText("Active", { exact: true }).waitFor();
    await context.close();
  });

  test("Max Uses below 1 is refused before anything is sent", async () => {
    const { context, page } = await live.openPage("/admin/invite-codes", admin.token);
    const form = page.getByRole("form", { name: "Create invite code" });
    await form.getByLabel("Max Uses").fill("0");
    const before = (await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })).body.codes
      .length;
    await form.getByRole("button", { name: "Create Code" }).click();
    expect(await form.getByLabel("Max Uses").evaluate((input) => (input as HTMLInputElement).validity.rangeUnderflow)).toBe(true);
    const after = (await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })).body.codes
      .length;
    expect(after).toBe(before);
    await context.close();
  });
});

describe.each(ORIGINS)("invite codes that admit no one, on the %s origin", (origin) => {
  test("a code whose uses are all taken reads 'Used up', one past its expiry 'Expired'", async () => {
    const inviteOnly = await createInviteOnlySwitch(live.server, admin);
    const create = async (body: Record<string, unknown>) =>
      (await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body })).body;
    const used = await create({ maxUses: 1, reference: `used on ${origin}` });
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const brief = await create({ maxUses: 3, reference: `brief on ${origin}`, expiresAt });
    await inviteOnly(true);
    try {
      await signUp(live.server, { inviteCode: used.code });
    } finally {
      await inviteOnly(false);
    }
    await Bun.sleep(Date.parse(expiresAt) - Date.now() + 100);

    const { context, page } = await live.openPage("/admin/invite-codes", admin.token, { origin });
    const usedRow = row(page, used.code);
    await usedRow.waitFor();
    expect((await usedRow.getByRole("cell").allTextContents()).slice(2, 6)).toEqual(["1", "1", "Never", "Used up"]);
    expect((await row(page, brief.code).getByRole("cell").allTextContents())[5]).toBe("Expired");
    await context.close();
  });
});

describe("a session the server no longer accepts", () => {
  test("shows 'You must be logged in to view this page.'", async () => {
    const { context, page } = await live.openPage("/admin/feature-flags", admin.token);
    const flagRow = row(page, "EARLY_ACCESS_REQUIRED");
    await flagRow.waitFor();
    await live.restartServer({ JWT_SECRET: "another-secret-entirely-0123456789" });
    await flagRow.getByRole("button", { name: /^Enable/ }).click();
    await page.getByText("You must be logged in to view this page.").waitFor();
    await context.close();
  });
});
