import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { signedInPage } from "../support/signed-in-page";
import { horizontalBox } from "./support/layout";

setDefaultTimeout(30_000);

const live = setUpServerAndBrowser();
let requests = 0;
/** The first account on a server is the ADMIN that every early-access request notifies. */
let admin: Awaited<ReturnType<typeof signUp>>;

/** The real way a notification is made: an early-access request tells every admin. */
async function notifyAdmins(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    requests++;
    const res = await call(live.server, "POST", "/auth/request-early-access", {
      body: { email: `early${requests}@example.com` },
    });
    expect(res.status).toBe(200);
    // createdAt has millisecond precision; keep newest-first checkable.
    await Bun.sleep(2);
  }
}

async function markAllRead(token: string): Promise<void> {
  await call(live.server, "POST", "/notifications/mark-all-read", { token });
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const dropdown = (page: Page) => page.getByRole("dialog", { name: "Notifications" });

beforeAll(async () => {
  admin = await signUp(live.server);
});

describe("notification bell", () => {
  test("badge, five unread in the dropdown, mark one, mark all, empty state and the link", async () => {
    await markAllRead(admin.token);
    await notifyAdmins(7);
    const { context, page } = await live.openPage("/", admin.token);
    await bell(page).filter({ hasText: "7" }).waitFor();
    await expect(bell(page).getAttribute("aria-label")).resolves.toBe("Notifications, 7 unread");

    await bell(page).click();
    const panel = dropdown(page);
    await panel.getByRole("heading", { name: "Notifications" }).waitFor();
    const items = panel.getByRole("listitem");
    await items.nth(4).waitFor();
    expect(await items.count()).toBe(5);
    const newest = items.first();
    expect(await newest.textContent()).toContain("Early access request");
    expect(await newest.textContent()).toContain("early7@example.com asked for early access.");
    const shownTime = await newest.locator("time").textContent();
    const isoTime = (await newest.locator("time").getAttribute("datetime")) as string;
    expect(shownTime).toBe(await page.evaluate((iso) => new Date(iso).toLocaleString(), isoTime));

    await newest.getByRole("button", { name: /Mark as read/ }).click();
    await panel.getByText("early7@example.com", { exact: false }).waitFor({ state: "detached" });
    await bell(page).filter({ hasText: "6" }).waitFor();
    // The list refills from the unread ones beyond the first five.
    await panel.getByText("early2@example.com", { exact: false }).waitFor();
    expect(await items.count()).toBe(5);
    const unread = await call<{ count: number }>(live.server, "GET", "/notifications/unread-count", { token: admin.token });
    expect(unread.body.count).toBe(6);

    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await panel.getByText("No new notifications").waitFor();
    expect(await panel.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");
    expect(await page.locator(".badge").count()).toBe(0);
    const after = await call<{ count: number }>(live.server, "GET", "/notifications/unread-count", { token: admin.token });
    expect(after.body.count).toBe(0);

    await panel.getByRole("link", { name: "View all notifications" }).click();
    await page.waitForURL(`${live.server.url}/notifications`);
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    await context.close();
  });

  test("closes on an outside mouse press, on window resize and on Escape", async () => {
    const { context, page } = await live.openPage("/", admin.token);
    await bell(page).click();
    await dropdown(page).waitFor();
    await page.mouse.click(600, 500);
    await dropdown(page).waitFor({ state: "detached" });

    await bell(page).click();
    await dropdown(page).waitFor();
    await page.setViewportSize({ width: 900, height: 700 });
    await dropdown(page).waitFor({ state: "detached" });

    await bell(page).click();
    await dropdown(page).waitFor();
    await page.keyboard.press("Escape");
    await dropdown(page).waitFor({ state: "detached" });
    await context.close();
  });

  test("on a 375px phone the dropdown stays on the screen: heading, 'Mark all as read' and items whole", async () => {
    await notifyAdmins(1);
    const { context, page } = await live.openPage("/", admin.token, { viewport: { width: 375, height: 740 } });
    await bell(page).filter({ hasText: /\d/ }).click();
    const panel = dropdown(page);
    await panel.getByRole("listitem").first().waitFor();
    await page.screenshot({ path: screenshotPath("bell-375") });
    for (const part of [
      panel,
      panel.getByRole("heading", { name: "Notifications" }),
      panel.getByRole("button", { name: "Mark all as read" }),
      panel.getByRole("listitem").first(),
      panel.getByRole("link", { name: "View all notifications" }),
    ]) {
      const box = await horizontalBox(part);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
    }
    await context.close();
  });

  test("with the event stream down, the unread count is polled every 30 seconds", async () => {
    await markAllRead(admin.token);
    const { context, page } = await signedInPage(live.browser, admin.token);
    // The stream never opens (tests/e2e/live-events.e2e.ts has the bell with it): polling is the fallback.
    await page.route(
      (url) => url.pathname === "/api/events",
      (route) => route.abort(),
    );
    await page.clock.install();
    // When each read of the count was sent, on the page's own clock: the interval starts with the first read.
    await page.addInitScript(() => {
      const reads: number[] = [];
      Object.assign(window, { unreadReads: reads });
      const send = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes("/api/notifications/unread-count")) reads.push(Date.now());
        return send(input, init);
      };
    });
    const unreadReads = () => page.evaluate(() => (window as unknown as { unreadReads: number[] }).unreadReads);
    const firstPoll = page.waitForResponse((response) => response.url().includes("/api/notifications/unread-count"));
    await page.goto(`${live.server.url}/`);
    await firstPoll;
    // Whatever else the page asks at load (its session check among them) is answered before the notifications
    // exist: on a loaded machine a late answer made the badge show them before any poll had.
    await page.waitForLoadState("networkidle");
    // The clock stops, so the real time the notifications take to make does not count towards the interval.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const pausedAt = await page.evaluate(() => Date.now());
    const [firstRead] = await unreadReads();
    await notifyAdmins(2);
    await page.clock.runFor(firstRead + 29_000 - pausedAt);
    expect(await page.locator(".badge").count()).toBe(0);
    expect(await unreadReads()).toHaveLength(1);
    await page.clock.runFor(1_500);
    await bell(page).filter({ hasText: "2" }).waitFor();
    await context.close();
  });
});

describe("notifications page", () => {
  test("pages 20 at a time with Load more; read ones lose their button", async () => {
    await notifyAdmins(Math.max(0, 22 - requests));
    await markAllRead(admin.token);
    await notifyAdmins(3);
    const { context, page } = await live.openPage("/notifications", admin.token);
    const list = page.getByRole("list");
    await list.getByRole("listitem").nth(19).waitFor();
    expect(await list.getByRole("listitem").count()).toBe(20);
    const total = requests;
    await page.getByText(`3 unread · ${total} in total`).waitFor();
    await page.getByRole("button", { name: "Load more" }).click();
    await list
      .getByRole("listitem")
      .nth(total - 1)
      .waitFor();
    expect(await list.getByRole("listitem").count()).toBe(total);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    // Oldest last, and already read: no button on it.
    const oldest = list.getByRole("listitem").last();
    expect(await oldest.textContent()).toContain("early1@example.com");
    expect(await oldest.getByRole("button").count()).toBe(0);

    const newest = list.getByRole("listitem").first();
    await newest.getByRole("button", { name: /Mark as read/ }).click();
    await newest.getByRole("button").waitFor({ state: "detached" });
    await page.getByText(`2 unread · ${total} in total`).waitFor();
    await page.getByRole("button", { name: "Mark all as read" }).first().click();
    await page.getByText(`0 unread · ${total} in total`).waitFor();
    expect(await list.getByRole("button", { name: /Mark as read/ }).count()).toBe(0);
    await context.close();
  });

  test("a server that is down shows the failure with Try Again; a session it no longer accepts asks to log in", async () => {
    await notifyAdmins(Math.max(1, 21 - requests));
    const { context, page } = await live.openPage("/notifications", admin.token);
    await page.getByRole("button", { name: "Load more" }).waitFor();

    await live.server.stop({ keepData: true });
    await page.getByRole("button", { name: "Load more" }).click();
    await page.getByText("Failed to load notifications. Please try again later.").waitFor();

    // Back up with the same data and secret: Try Again loads the list.
    await live.restartServer();
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("button", { name: "Load more" }).waitFor();

    // Back up with another signing secret: the token is no longer valid.
    await live.restartServer({ JWT_SECRET: "another-secret-entirely-0123456789" });
    await page.getByRole("button", { name: "Load more" }).click();
    await page.getByText("Please log in to view notifications").waitFor();
    await context.close();
  });

  test("signed out, the page says 'Please log in to view notifications' with a link to log in and back", async () => {
    const { context, page } = await live.openPage("/notifications", null);
    await page.getByText("Please log in to view notifications").waitFor();
    await page.waitForFunction(
      () => document.querySelector("main a.sign-in-link")?.getAttribute("href") === "/login?next=%2Fnotifications",
    );
    expect(await page.getByRole("main").getByRole("link", { name: "Log in" }).count()).toBe(1);
    expect(page.url()).toBe(`${live.server.url}/notifications`);
    await context.close();
  });
});
