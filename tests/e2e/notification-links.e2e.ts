/**
 * A notification opens what it is about: in the bell's dropdown and on the notifications page its title is a
 * link, and opening it marks it read.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { uploadTiny, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let alice: Session;
let bob: Session;
let undertow: string;

/** bob forks alice's track in public: alice is told "bob forked 'Undertow'". */
async function forkUndertow(title: string): Promise<string> {
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${undertow}/fork`, {
    token: bob.token,
    body: { title, isPublic: true },
  });
  expect(fork.status).toBe(201);
  return fork.body.id;
}

const unread = async () =>
  (await call<{ count: number }>(live.server, "GET", "/notifications/unread-count", { token: alice.token })).body.count;

const forkedLink = (within: Page | Locator) => within.getByRole("link", { name: "Your track was forked" }).first();

beforeAll(async () => {
  await signUp(live.server);
  alice = await signUp(live.server);
  bob = await signUp(live.server);
  undertow = await uploadTiny(live.server, alice, { title: "Undertow" });
  await waitForProcessing(live.server, alice.token, undertow);
});

describe.each([1280, 375])("at %i px", (width) => {
  const viewport = { width, height: 800 };

  test("the bell's notification opens the fork and is read", async () => {
    await call(live.server, "POST", "/notifications/mark-all-read", { token: alice.token });
    const forkId = await forkUndertow(`Undertow at ${width}`);
    const { context, page } = await live.openPage("/", alice.token, { viewport });
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.getByText(`${bob.user.username} forked "Undertow".`).waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`notification-link-bell-${width}`) });
    await forkedLink(panel).click();
    await page.waitForURL(`${live.server.url}/track/${forkId}`);
    await page.getByRole("heading", { name: `Undertow at ${width}` }).waitFor();
    expect(await unread()).toBe(0);
    await context.close();
  });

  test("the notifications page's entry opens the fork", async () => {
    const forkId = await forkUndertow(`Listed at ${width}`);
    const { context, page } = await live.openPage("/notifications", alice.token, { viewport });
    await forkedLink(page).waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await forkedLink(page).click();
    await page.waitForURL(`${live.server.url}/track/${forkId}`);
    expect(await unread()).toBe(0);
    await context.close();
  });
});
