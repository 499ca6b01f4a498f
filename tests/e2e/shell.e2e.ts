import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { LEGACY_TOKEN_KEY } from "../../islands/lib/storage-keys";
import { call, type Session, signUp } from "../support/api";
import { eventually } from "../support/eventually";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { sessionCookieOf, signedInPage, storedHint } from "../support/signed-in-page";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(30_000);

const live = setUpServerAndBrowser();
let admin: Session;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp(live.server);
  user = await signUp(live.server);
});

const WIDE = { width: 1100, height: 800 };
const NARROW = { width: 375, height: 740 };

/** A fresh browser profile, optionally holding `token` as if a previous visit had signed in. */
async function openPage(path: string, options: { token?: string; viewport?: typeof WIDE } = {}): Promise<Page> {
  const { page } = await live.openPage(path, options.token ?? null, { viewport: options.viewport ?? WIDE });
  return page;
}

const topBar = (page: Page) => page.getByRole("navigation", { name: "Main" });

describe("top bar", () => {
  test("signed out on a wide screen: brand, My Tracks, Upload Track and Login; no menu button", async () => {
    const page = await openPage("/");
    const bar = topBar(page);
    await bar.getByRole("link", { name: "Login" }).waitFor();
    expect(await bar.getByRole("link", { name: "Stemma" }).getAttribute("href")).toBe("/");
    expect(await bar.getByRole("link", { name: "My Tracks" }).isVisible()).toBe(true);
    expect(await bar.getByRole("link", { name: "Upload Track" }).isVisible()).toBe(true);
    expect(await bar.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
  });

  test("the Login link is hidden on /login and shown on the other auth screens", async () => {
    const login = await openPage("/login");
    await hydrated(login);
    await login.getByRole("button", { name: "Login" }).waitFor();
    expect(await topBar(login).getByRole("link", { name: "Login" }).count()).toBe(0);
    const register = await openPage("/register");
    await topBar(register).getByRole("link", { name: "Login" }).waitFor();
  });

  test("below 640px the two links sit behind the menu button", async () => {
    const page = await openPage("/", { viewport: NARROW });
    await hydrated(page);
    const menuButton = page.getByRole("button", { name: "Menu" });
    expect(await menuButton.isVisible()).toBe(true);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("link", { name: "My Tracks" }).filter({ visible: true }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Upload Track" }).filter({ visible: true }).count()).toBe(0);

    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    const myTracks = page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "My Tracks" });
    await myTracks.waitFor();
    expect(await myTracks.getAttribute("href")).toBe("/my-tracks");
    expect(await page.getByRole("link", { name: "Upload Track" }).filter({ visible: true }).getAttribute("href")).toBe("/upload");

    await menuButton.click();
    await myTracks.waitFor({ state: "detached" });
  });

  test("signed in with a long username, the narrow top bar still fits a 320px screen", async () => {
    const long = await signUp(live.server, { username: "a_rather_long_username_indeed" });
    const page = await openPage("/", { token: long.token, viewport: { width: 320, height: 640 } });
    await page.getByRole("button", { name: long.user.username }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(true);
  });

  test("a user sees their menu with Manage Storage, Settings and Logout but no Admin Dashboard, and no Login link", async () => {
    const page = await openPage("/", { token: user.token });
    const menu = page.getByRole("button", { name: user.user.username });
    await menu.click();
    await page.getByRole("menuitem", { name: "Logout" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Manage Storage" }).getAttribute("href")).toBe("/manage-storage");
    expect(await page.getByRole("menuitem", { name: "Settings" }).getAttribute("href")).toBe("/settings");
    expect(await page.getByRole("menuitem", { name: "Admin Dashboard" }).count()).toBe(0);
    expect(await topBar(page).getByRole("link", { name: "Login" }).count()).toBe(0);
  });

  test("an admin's menu has Admin Dashboard, and it opens the admin screens", async () => {
    const page = await openPage("/", { token: admin.token });
    await page.getByRole("button", { name: admin.user.username }).click();
    const dashboard = page.getByRole("menuitem", { name: "Admin Dashboard" });
    expect(await dashboard.getAttribute("href")).toBe("/admin");
    await dashboard.click();
    await page.waitForURL(`${live.server.url}/admin/feature-flags`);
    await page.getByRole("heading", { name: "Feature Flags" }).waitFor();
  });

  test("the user menu closes on a press outside it, and on Escape with focus back on its button", async () => {
    const page = await openPage("/", { token: user.token });
    const button = page.getByRole("button", { name: user.user.username });
    await button.click();
    const logout = page.getByRole("menuitem", { name: "Logout" });
    await logout.waitFor();
    await page.mouse.click(5, 500);
    await logout.waitFor({ state: "detached" });

    await button.click();
    await logout.focus();
    await page.keyboard.press("Escape");
    await logout.waitFor({ state: "detached" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("session on load", () => {
  test("a bad session is forgotten silently: no message, the Login link comes back", async () => {
    const page = await openPage("/", { token: "not.a.valid-token" });
    await topBar(page).getByRole("link", { name: "Login" }).waitFor();
    // The server rendered the page for a visitor and removed the cookie; the browser then forgets its hint.
    expect(await sessionCookieOf(page)).toBeUndefined();
    await eventually("the hint forgotten", async () => (await storedHint(page)) === null);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.locator(".toast").count()).toBe(0);
  });

  test("a good session is kept and shows the user", async () => {
    const page = await openPage("/", { token: user.token });
    await page.getByRole("button", { name: user.user.username }).waitFor();
    expect(await sessionCookieOf(page)).toBe(user.token);
  });
});

describe("the session cookie", () => {
  test("a token kept before sessions lived in a cookie is moved into it once; the person stays signed in", async () => {
    const page = await openPage("/");
    await topBar(page).getByRole("link", { name: "Login" }).waitFor();
    await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [LEGACY_TOKEN_KEY, user.token]);
    const moved = page.waitForRequest((request) => request.url().endsWith("/api/auth/session-cookie"));
    await page.reload();
    await moved;
    await page.getByRole("button", { name: user.user.username }).waitFor();
    expect(await sessionCookieOf(page)).toBe(user.token);
    expect(await page.evaluate((key) => localStorage.getItem(key), LEGACY_TOKEN_KEY)).toBeNull();
    // Once: the next load asks nobody to move anything.
    let movedAgain = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/session-cookie")) movedAgain = true;
    });
    await page.reload();
    await page.getByRole("button", { name: user.user.username }).waitFor();
    expect(movedAgain).toBe(false);
    expect((await call(live.server, "GET", "/auth/me", { token: user.token })).status).toBe(200);
  });
});

describe("page guard", () => {
  test("signed-in pages send visitors to /login", async () => {
    for (const path of ["/upload", "/upload/bulk"]) {
      const page = await openPage(path);
      await page.waitForURL(`${live.server.url}/login?next=${encodeURIComponent(path)}`);
      await page.close();
    }
  });

  test("admin pages send signed-in non-admins to /", async () => {
    const page = await openPage("/admin/invite-codes", { token: user.token });
    await page.waitForURL(`${live.server.url}/`);
  });

  test("the server says who is signed in: an admin screen opens without waiting for /api/auth/me", async () => {
    const { page } = await signedInPage(live.browser, admin.token, { viewport: WIDE });
    const asked: string[] = [];
    // Never answered: the page must not need it.
    await page.route("**/api/auth/me", (route) => {
      asked.push(route.request().url());
    });
    await page.goto(`${live.server.url}/admin/feature-flags`);
    await page.getByRole("heading", { name: "Feature Flags" }).waitFor();
    await page.getByRole("button", { name: admin.user.username }).waitFor();
    expect(page.url()).toBe(`${live.server.url}/admin/feature-flags`);
    expect(asked).toEqual([]);
    await page.context().close();
  });
});

describe("Login link", () => {
  test("carries the page it was pressed on, query included, and login comes back there", async () => {
    const page = await openPage("/?sort=title");
    // The home page is prebuilt, so its link carries the query once the top bar has hydrated and read the address.
    const carried = `/login?next=${encodeURIComponent("/?sort=title")}`;
    await hydrated(page);
    await topBar(page).locator(`a[href="${carried}"]`).waitFor();
    const login = topBar(page).getByRole("link", { name: "Login" });
    expect(await login.getAttribute("href")).toBe(carried);
    await login.click();
    await page.getByRole("heading", { name: "Login" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(user.user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${live.server.url}/?sort=title`);
    await page.getByRole("button", { name: user.user.username }).waitFor();
  });
});
