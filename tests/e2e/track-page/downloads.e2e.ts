import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { signUp } from "../../support/api";
import { launchBrowser } from "../../support/browser";
import { startServer, type TestServer } from "../../support/server";
import { CORPUS, openTrackPage, uploadTrack, waitForProcessing } from "./fixtures";

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let trackId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await signUp(server);
  trackId = await uploadTrack(server, owner.token, {
    original: `${CORPUS}/real-audio/audio-lena.flac`,
    data: { title: "Lena" },
  });
  await waitForProcessing(server, owner.token, trackId);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

const downloads = (page: Page) => page.getByRole("group", { name: "Download full track" });
const toast = (page: Page, title: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(title, { exact: true });

describe("downloads", () => {
  test("MP3 downloads directly", async () => {
    const page = await openTrackPage(browser, server, trackId);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      downloads(page).getByRole("link", { name: "MP3" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.mp3$/);
    await page.context().close();
  });

  test("WAV starts a conversion, polls until it is ready (toast: 7 days), downloads, then goes direct", async () => {
    const page = await openTrackPage(browser, server, trackId, { token: owner.token });
    const conversionCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("convert-audio") || request.url().includes("audio-conversion-status"))
        conversionCalls.push(request.url());
    });
    const wav = downloads(page).getByRole("button", { name: "WAV" });
    const downloaded = page.waitForEvent("download", { timeout: 30_000 });
    await wav.click();
    await downloads(page).getByRole("button", { name: "Converting WAV..." }).waitFor();
    await toast(page, "WAV Ready").waitFor({ timeout: 30_000 });
    await page.getByText("Your WAV file is ready and will be available for 7 days.").waitFor();
    expect((await downloaded).suggestedFilename()).toMatch(/\.wav$/);
    expect(conversionCalls.some((url) => url.includes("audio-conversion-status?format=wav"))).toBe(true);

    const callsBefore = conversionCalls.length;
    const [again] = await Promise.all([page.waitForEvent("download"), wav.click()]);
    expect(again.suggestedFilename()).toMatch(/\.wav$/);
    expect(conversionCalls).toHaveLength(callsBefore);
    await page.context().close();
  });

  test("a conversion that cannot start shows 'Conversion Error' and the download tooltip", async () => {
    // Visitors may not start conversions (the server answers 401), so the start fails.
    const page = await openTrackPage(browser, server, trackId);
    const flac = downloads(page).getByRole("button", { name: "FLAC" });
    await flac.click();
    await toast(page, "Conversion Error").waitFor();
    await page.getByText("Failed to start FLAC conversion.").waitFor();
    await expect(flac.getAttribute("title")).resolves.toBe("Failed to get download URL");
    await page.context().close();
  });
});
