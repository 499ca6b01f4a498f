/**
 * Finding music in Chromium at 1280 and 375 px, with and without JavaScript: the top bar's search box (a link to
 * /search on a phone), results a visitor may see and never another's private track (its owner, signed in, finds it
 * too), stems filtered by type and BPM with their preview played in place, and a genre hashtag leading to its page.
 * On localhost and on a plain-http LAN name: an original "Undertow" found before its three newer forks, and its drums,
 * which the forks share, listed once with the forks counted (a private fork only for its owner).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { licenseIdsByType } from "../support/track-corpus";
import { createTrack, uploadTiny, waitForProcessing } from "../support/uploads";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
const STEMS = "stems/Nova Drift - Undertow";
let secretOwner: Session;
let forker: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  const artist = await signUp(live.server);
  secretOwner = await signUp(live.server);
  const withStems = await createTrack(live.server, artist.token, {
    original: `${STEMS} (full mix).wav`,
    stems: [{ path: `${STEMS} - bass.wav`, name: "Deep bass", type: "bass" }],
    data: { title: "Café del Mar", primaryArtistName: "Nova Drift", isPublic: true, bpm: 100, genreNames: ["Chillout"] },
  });
  await waitForProcessing(live.server, artist.token, withStems);
  await uploadTiny(live.server, secretOwner, { title: "Cafe secret demo", isPublic: false });
  forker = await signUp(live.server);
  const undertow = await createTrack(live.server, artist.token, {
    original: `${STEMS} (full mix).wav`,
    stems: [{ path: `${STEMS} - drums.wav`, name: "Undertow drums", type: "drums" }],
    data: {
      title: "Undertow",
      primaryArtistName: "Nova Drift",
      bpm: 124,
      licenseId: (await licenseIdsByType(live.server)).CC_BY,
    },
  });
  await waitForProcessing(live.server, artist.token, undertow);
  for (const [title, isPublic] of [
    ["Undertow (cleo rework)", true],
    ["Undertow Dub", true],
    ["Undertow Night", true],
    ["Undertow Sketch", false],
  ] as const) {
    const fork = await call(live.server, "POST", `/track/${undertow}/fork`, { token: forker.token, body: { title, isPublic } });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
  }
});

const cardTitles = (page: Page) => page.locator("article.track-card .card-title").allTextContents();

describe("search", () => {
  test("at 1280 px: the top bar's box finds public tracks, accent-insensitive, never another's private one", async () => {
    const { page } = await live.openPage("/", null, { viewport: WIDE });
    await hydrated(page);
    const box = page.getByRole("searchbox", { name: "Search tracks, stems and artists" });
    await box.fill("CAFE");
    await box.press("Enter");
    await page.waitForURL(`${live.server.url}/search?q=CAFE`);
    await page.locator("article.track-card").first().waitFor();
    expect(await cardTitles(page)).toEqual(["Café del Mar"]);
  });

  test("signed in, the owner of a private track finds it too", async () => {
    const { page } = await live.openPage("/search?q=cafe", secretOwner.token, { viewport: WIDE });
    await page.getByRole("link", { name: "Cafe secret demo" }).waitFor();
    expect((await cardTitles(page)).sort()).toEqual(["Cafe secret demo", "Café del Mar"]);
  });

  test("at 375 px: a search link leads to /search, and stems filtered by type and BPM play in place", async () => {
    const { page } = await live.openPage("/", null, { viewport: NARROW });
    await hydrated(page);
    await page.getByRole("link", { name: "Search" }).click();
    await page.waitForURL(`${live.server.url}/search`);
    await page.getByLabel("Search words").fill("bass");
    await page.getByLabel("Find").selectOption("stems");
    await page.getByText("Filters").click();
    await page.getByLabel("Stem type").selectOption("bass");
    await page.getByLabel("BPM from").fill("90");
    await page.getByLabel("BPM to").fill("110");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/search\?q=bass&type=stems/);
    const preview = page.getByLabel("Preview of Deep bass");
    await preview.waitFor();
    expect(await page.getByRole("link", { name: "Café del Mar" }).count()).toBe(1);
    await preview.evaluate((audio: HTMLAudioElement) => audio.play());
    await page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    // Out of range: nothing.
    await page.goto(`${live.server.url}/search?type=stems&stemType=bass&bpmMin=120`);
    await page.getByText("No results").waitFor();
  });

  test("without JavaScript the results are on the page; a bad filter says why", async () => {
    const { page } = await live.openPage("/search?q=del+mar", null, { viewport: WIDE, javaScriptEnabled: false });
    await page.locator("article.track-card").first().waitFor();
    expect(await cardTitles(page)).toEqual(["Café del Mar"]);
    const refused = await live.openPage("/search?q=x&bpmMin=200&bpmMax=100", null, { viewport: WIDE });
    await refused.page.getByRole("alert").waitFor();
    expect(await refused.page.getByRole("alert").textContent()).toContain("BPM from must not be greater than BPM to");
  });

  test("a card's genre hashtag leads to the genre's page; an unknown genre is the 404 page", async () => {
    const { page } = await live.openPage("/", null, { viewport: WIDE });
    await hydrated(page);
    await page.getByRole("link", { name: "#Chillout" }).first().click();
    await page.waitForURL(`${live.server.url}/genre/Chillout`);
    await page.getByRole("heading", { name: "#Chillout", level: 1 }).waitFor();
    await page.locator("article.track-card").first().waitFor();
    expect(await cardTitles(page)).toEqual(["Café del Mar"]);
    expect((await fetch(`${live.server.url}/genre/chillout`)).status).toBe(200);
    const missing = await fetch(`${live.server.url}/genre/no-such-genre`);
    expect(missing.status).toBe(404);
  });
});

for (const origin of ORIGINS)
  describe(`originals and forks, on ${origin}`, () => {
    test("the original comes first, and the drums its forks share are listed once with the forks counted", async () => {
      const { page } = await live.openPage("/search?q=undertow", null, { viewport: WIDE, origin });
      await hydrated(page);
      await page.locator("article.track-card").first().waitFor();
      // Before, the three forks (newer) came first.
      expect(await cardTitles(page)).toEqual(["Undertow", "Undertow Night", "Undertow Dub", "Undertow (cleo rework)"]);

      await page.goto(page.url().replace(/\/search.*/, "/search?type=stems&stemType=drums&bpmMin=120&bpmMax=130"));
      const rows = page.locator("li.search-stem");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain("from Undertow by Nova Drift · also in 3 forks");
      await page.getByLabel("Preview of Undertow drums").waitFor();
    });

    test("signed in, the owner of a private fork counts it too", async () => {
      const query = "/search?type=stems&stemType=drums&bpmMin=120&bpmMax=130";
      const { page } = await live.openPage(query, forker.token, { viewport: NARROW, origin });
      await hydrated(page);
      const rows = page.locator("li.search-stem");
      await rows.filter({ hasText: "also in 4 forks" }).waitFor();
      expect(await rows.count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    });
  });
