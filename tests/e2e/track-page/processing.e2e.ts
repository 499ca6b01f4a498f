import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { signUp } from "../../support/api";
import { launchBrowser } from "../../support/browser";
import { startServer, type TestServer } from "../../support/server";
import { CORPUS, FULL_MIX, openTrackPage, STEM_FILES, uploadTrack } from "./fixtures";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

test("while processing the page says 'Processing audio...' with a placeholder cover, then refreshes itself", async () => {
  const owner = await signUp(server);
  // Five minutes of stems and a large cover keep the pipeline busy long enough to see the page mid-way.
  const id = await uploadTrack(server, owner.token, {
    original: FULL_MIX,
    cover: `${CORPUS}/images/generated-large-cover-3000x3000.jpg`,
    stems: STEM_FILES,
  });
  const page = await openTrackPage(browser, server, id);
  await page.getByText("Processing audio...").first().waitFor();
  await expect(page.getByRole("img", { name: /^Cover art processing|^No cover art/ }).count()).resolves.toBe(1);
  const player = page.getByRole("group", { name: "Player: Undertow" });
  await player.waitFor({ timeout: 90_000 });
  await page.getByRole("img", { name: "Cover art of Undertow" }).waitFor();
  expect(await page.getByText("Processing audio...").count()).toBe(0);
  await page.context().close();
});
