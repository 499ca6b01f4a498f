/**
 * A tap on a server-rendered control before its island has hydrated is not lost: the control shows it is waiting,
 * and the tap takes effect once the island's code has run. The island's code is held back at the network edge to
 * open that window for as long as the test needs.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { drumsAndBassTrack } from "../support/studio";
import { holdIsland } from "./support/hydrated";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let trackId: string;

beforeAll(async () => {
  const owner = await signUp(live.server);
  trackId = await drumsAndBassTrack(live.server, owner.token);
}, 120_000);

test("Sync tapped before the stems' island hydrates waits visibly, then switches to sync mode", async () => {
  const { context, page } = await live.openPage("/", null, { viewport: { width: 375, height: 800 } });
  const release = await holdIsland(page, "StemsSection");
  await page.goto(`${live.server.url}/track/${trackId}`, { waitUntil: "domcontentloaded" });
  const sync = page.getByRole("button", { name: "Sync", exact: true });
  await sync.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="StemsSection"][ssr]') !== null);
  await sync.click();
  expect(await sync.getAttribute("data-waiting")).toBe("");
  expect(await sync.getAttribute("aria-pressed")).toBe("false");
  release();
  await page.locator('button[aria-pressed="true"]', { hasText: "Sync" }).waitFor();
  expect(await sync.getAttribute("data-waiting")).toBeNull();
  await context.close();
});

test("of two taps before hydration the last one is what happens", async () => {
  const { context, page } = await live.openPage("/", null);
  const release = await holdIsland(page, "StemsSection");
  await page.goto(`${live.server.url}/track/${trackId}`, { waitUntil: "domcontentloaded" });
  const sync = page.getByRole("button", { name: "Sync", exact: true });
  const preview = page.getByRole("button", { name: "Preview", exact: true });
  await sync.scrollIntoViewIfNeeded();
  await sync.click();
  await preview.click();
  expect(await sync.getAttribute("data-waiting")).toBeNull();
  expect(await preview.getAttribute("data-waiting")).toBe("");
  release();
  // The stems' island, not every island: the Share menu hydrates only once a reader reaches for it.
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="StemsSection"][ssr]') === null);
  await page.locator('button[aria-pressed="true"]', { hasText: "Preview" }).waitFor();
  expect(await sync.getAttribute("aria-pressed")).toBe("false");
  await context.close();
});

test("Share tapped before its island has loaded opens the menu once it has", async () => {
  const { context, page } = await live.openPage("/", null);
  const release = await holdIsland(page, "ShareMenu");
  await page.goto(`${live.server.url}/track/${trackId}`);
  const share = page.locator("summary", { hasText: "Share" });
  // The menu's island loads on a reader's first touch: the tap's pointer asks for its code only now.
  expect(await page.locator('astro-island[component-url*="ShareMenu"]').getAttribute("client")).toBe("interaction");
  await share.click();
  expect(await share.getAttribute("data-waiting")).toBe("");
  expect(await page.locator("details.share-menu").getAttribute("open")).toBeNull();
  release();
  await page.locator("details.share-menu[open]").waitFor();
  expect(await share.getAttribute("data-waiting")).toBeNull();
  await page.getByTitle(/^Embed preview: /).waitFor();
  await context.close();
});
