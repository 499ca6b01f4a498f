/**
 * Filtering the home page in Chromium at 1280 and 375 px, with and without JavaScript: the filter form's fields
 * narrow the list and live in the address, the sort and the filters keep each other, a signed-in user's filtered list
 * holds their own private tracks (and a visitor's never does), and a refused filter says why.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { screenshotPath } from "../support/screenshots";
import { createTrack, TINY_WAV } from "../support/uploads";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let owner: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  const artist = await signUp(live.server);
  owner = await signUp(live.server);
  const upload = (session: Session, data: Record<string, unknown>) =>
    createTrack(live.server, session.token, { original: TINY_WAV, data: { primaryArtistName: "Tester", ...data } });
  await upload(artist, { title: "Night Drive", genreNames: ["Synthwave"], bpm: 120 });
  await upload(artist, { title: "Arcade Lights", genreNames: ["Synthwave"], bpm: 90 });
  await upload(artist, { title: "Slow Rain", genreNames: ["Ambient"], bpm: 70 });
  await upload(owner, { title: "Synth Secret", genreNames: ["Synthwave"], bpm: 125, isPublic: false });
  // Every upload above shows in the public list before the browser looks.
  const listed = await call<{ items: unknown[] }>(live.server, "GET", "/tracks/public");
  expect(listed.body.items).toHaveLength(3);
});

const cardTitles = (page: Page) => page.locator("article.track-card .card-title").allTextContents();

/** Opens the filters, sets genre and lowest BPM, and applies them. */
async function filterBy(page: Page, genre: string, bpmMin: string) {
  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Genre").fill(genre);
  await page.getByLabel("BPM from").fill(bpmMin);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL(/genre=/);
}

describe.each([
  ["1280", { width: 1280, height: 900 }],
  ["375", { width: 375, height: 800 }],
])("at %s px", (width, viewport) => {
  test("with JavaScript: filters narrow the list, stay in the address, and keep the sort", async () => {
    const { page, context } = await live.openPage("/", null, { viewport });
    await hydrated(page);
    expect((await cardTitles(page)).sort()).toEqual(["Arcade Lights", "Night Drive", "Slow Rain"]);
    await filterBy(page, "synthwave", "100");
    // Unset fields stay out of the address.
    expect(new URL(page.url()).search).toBe("?genre=synthwave&bpmMin=100");
    await hydrated(page);
    expect(await cardTitles(page)).toEqual(["Night Drive"]);
    expect(await page.getByText("Filters (2)").count()).toBe(1);
    // A sort chosen in the menu keeps the filters in the address, and the filters then keep that sort.
    await page.getByLabel("Sort by").selectOption("titleAsc");
    await page.waitForURL(/sort=titleAsc/);
    expect(new URL(page.url()).searchParams.get("genre")).toBe("synthwave");
    await page.getByLabel("BPM from").fill("80");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/bpmMin=80/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("titleAsc");
    await hydrated(page);
    expect(await cardTitles(page)).toEqual(["Arcade Lights", "Night Drive"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: screenshotPath(`home-filters-${width}`), fullPage: true });
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL(`${live.server.url}/?sort=titleAsc`);
    expect(await cardTitles(page)).toEqual(["Arcade Lights", "Night Drive", "Slow Rain"]);
    await context.close();
  });

  test("without JavaScript: the form, the sort button and the list all work from the address", async () => {
    const { page, context } = await live.openPage("/", null, { viewport, javaScriptEnabled: false });
    await filterBy(page, "Synthwave", "80");
    expect(new URL(page.url()).searchParams.get("bpmMin")).toBe("80");
    expect((await cardTitles(page)).sort()).toEqual(["Arcade Lights", "Night Drive"]);
    // The sort form sends the filters along.
    await page.getByLabel("Sort by").selectOption("titleDesc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL(/sort=titleDesc/);
    expect(new URL(page.url()).searchParams.get("genre")).toBe("Synthwave");
    expect(await cardTitles(page)).toEqual(["Night Drive", "Arcade Lights"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
});

test("signed in, the filtered list holds the user's own private tracks; a visitor's never does", async () => {
  const visitor = await live.openPage("/?genre=synthwave&bpmMin=100", null, { viewport: { width: 1280, height: 900 } });
  await hydrated(visitor.page);
  expect(await cardTitles(visitor.page)).toEqual(["Night Drive"]);
  await visitor.context.close();
  const { page, context } = await live.openPage("/?genre=synthwave&bpmMin=100", owner.token, {
    viewport: { width: 1280, height: 900 },
  });
  await page.getByRole("heading", { name: "Available Tracks" }).waitFor();
  await page.getByText("Synth Secret").waitFor();
  expect(await cardTitles(page)).toEqual(["Synth Secret", "Night Drive"]);
  await context.close();
});

test("a refused filter shows the API's message, with the form to mend it", async () => {
  const response = await fetch(`${live.server.url}/?bpmMin=200&bpmMax=100`);
  expect(response.status).toBe(400);
  const { page, context } = await live.openPage("/?bpmMin=200&bpmMax=100", null, {
    viewport: { width: 375, height: 800 },
    javaScriptEnabled: false,
  });
  expect(await page.getByRole("alert").textContent()).toBe("BPM from must not be greater than BPM to");
  expect(await page.getByLabel("BPM from").inputValue()).toBe("200");
  await context.close();
});

describe.each(ORIGINS)("on the %s origin", (origin) => {
  test("the licence filter reads as the track page does, and a reversed BPM range names the form's fields", async () => {
    const { page, context } = await live.openPage("/", null, { viewport: { width: 375, height: 800 }, origin });
    await hydrated(page);
    await page.getByText("Filters", { exact: true }).click();
    const licence = page.getByRole("combobox", { name: "License" });
    const licences = await licence.locator("option").allTextContents();
    expect(licences).toEqual([
      "Any",
      "Remixable (any license a fork may use)",
      "Allows commercial use",
      "All Rights Reserved",
      "CC BY 4.0",
      "CC BY-SA 4.0",
      "CC BY-NC 4.0",
      "CC BY-NC-SA 4.0",
    ]);
    await licence.selectOption({ label: "All Rights Reserved" });
    await page.getByLabel("BPM from").fill("130");
    await page.getByLabel("BPM to").fill("60");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/license=ALL_RIGHTS_RESERVED/);
    expect(await page.getByRole("alert").textContent()).toBe("BPM from must not be greater than BPM to");
    // The form keeps what was chosen, under the same label, to mend the range.
    expect(await licence.locator("option:checked").textContent()).toBe("All Rights Reserved");
    await page.getByLabel("BPM from").fill("60");
    await page.getByLabel("BPM to").fill("130");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/bpmMin=60/);
    await hydrated(page);
    expect((await cardTitles(page)).sort()).toEqual(["Arcade Lights", "Night Drive", "Slow Rain"]);
    await context.close();
  });
});
