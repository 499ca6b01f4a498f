import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { TrackDetails } from "../../modules/tracks/model";
import { call, type Session, signUp } from "../support/api";
import { waitForFieldMessage } from "../support/field-message";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { signedInPage } from "../support/signed-in-page";
import { waitForProcessing } from "../support/uploads";
import { CORPUS, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(60_000);

const ORIGINAL = `${CORPUS}/real-audio/hydrogen-808_Cymbal.flac`;

const live = setUpServerAndBrowser();
let owner: Session;
let stranger: Session;
let licenses: Array<{ id: string; name: string }>;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN; these tests are about ordinary users
  [owner, stranger] = await Promise.all([signUp(live.server), signUp(live.server)]);
  licenses = (await call<Array<{ id: string; name: string }>>(live.server, "GET", "/licenses")).body;
});

const newTrack = (data: Record<string, unknown> = {}) =>
  uploadTrack(live.server, owner.token, {
    original: ORIGINAL,
    data: {
      title: "Cymbal Study",
      primaryArtistName: "Roland",
      bpm: 120,
      key: "A minor",
      genreNames: ["ambient", "drums"],
      description: "One hit",
      releaseDate: "2021-06-15",
      releaseDatePrecision: "DAY",
      licenseId: licenses[0]?.id,
      ...data,
    },
  });
const stored = async (id: string) => (await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: owner.token })).body;

const openEdit = (id: string, session: Session | null = owner, viewport = { width: 1280, height: 900 }) =>
  live.openPage(`/track/${id}/edit`, session?.token ?? null, { viewport });

/**
 * The edit screen reached as an owner would, from the processed track's page: that page, visited
 * just before, must not come back stale from the browser cache after saving.
 */
async function openEditFromTrackPage(id: string) {
  await waitForProcessing(live.server, owner.token, id);
  const { context, page } = await live.openPage(`/track/${id}`, owner.token);
  await page.getByRole("heading", { name: "Cymbal Study" }).waitFor();
  await page.getByRole("link", { name: "Edit Track" }).click();
  await saveButton(page).waitFor();
  return { context, page };
}

const saveButton = (page: Page) => page.getByRole("button", { name: "Save Changes" });
const chips = (page: Page) => page.getByRole("list", { name: "Added genres" }).getByRole("listitem");
const releaseDate = (page: Page) => page.getByLabel("Release Date", { exact: true });
const precision = (page: Page) => page.getByLabel("Release date precision");

describe("loading", () => {
  test("shows 'Loading...' until the track arrives, then the form filled from it", async () => {
    const id = await newTrack();
    const { context, page } = await signedInPage(live.browser, owner.token);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/track/${id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${live.server.url}/track/${id}/edit`);
    await page.getByRole("heading", { name: "Track Info", level: 1 }).waitFor();
    await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
    release();

    await saveButton(page).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Cymbal Study");
    expect(await page.getByLabel("Primary Artist").inputValue()).toBe("Roland");
    expect(await page.getByLabel("BPM").inputValue()).toBe("120");
    expect(await page.getByLabel("Key", { exact: true }).inputValue()).toBe("A minor");
    expect(await chips(page).allTextContents()).toEqual(["ambient×", "drums×"]);
    expect(await page.getByLabel("Description").inputValue()).toBe("One hit");
    expect(await releaseDate(page).inputValue()).toBe("2021-06-15");
    expect(await precision(page).inputValue()).toBe("DAY");
    expect(await page.getByLabel("License", { exact: true }).inputValue()).toBe(licenses[0]?.id as string);
    // Every licence reads differently, though the API names each CC one just 'Creative Commons'.
    const licenseNames = await page.getByLabel("License", { exact: true }).locator("option").allTextContents();
    expect(licenseNames).toHaveLength(licenses.length + 1);
    expect(new Set(licenseNames).size).toBe(licenseNames.length);
    expect(await page.getByRole("checkbox", { name: /^Public/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /^Explicit/ }).isChecked()).toBe(false);
    expect(await page.getByRole("status").filter({ hasText: "Loading..." }).count()).toBe(0);
    await context.close();
  });

  test("signed out: redirected to /login", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id, null);
    await page.waitForURL(`${live.server.url}/login?next=${encodeURIComponent(`/track/${id}/edit`)}`);
    await context.close();
  });

  test("another user's track (public or private) and an unknown id read 'Track not found', with no form", async () => {
    const publicId = await newTrack();
    const privateId = await newTrack({ isPublic: false });
    for (const id of [publicId, privateId, crypto.randomUUID()]) {
      const { context, page } = await openEdit(id, stranger);
      await page.getByRole("alert").filter({ hasText: "Track not found" }).waitFor();
      expect(await page.getByRole("form", { name: "Track Info" }).count()).toBe(0);
      expect(await saveButton(page).count()).toBe(0);
      await context.close();
    }
  });

  test("licences failing to load: 'Failed to load licenses. Please try again later.', and Try Again recovers", async () => {
    const id = await newTrack();
    const { context, page } = await signedInPage(live.browser, owner.token);
    let failing = true;
    await page.route("**/api/licenses", (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ message: "Internal server error" }),
          })
        : route.continue(),
    );
    await page.goto(`${live.server.url}/track/${id}/edit`);
    await page.getByRole("alert").filter({ hasText: "Failed to load licenses. Please try again later." }).waitFor();
    expect(await saveButton(page).count()).toBe(0);
    failing = false;
    await page.getByRole("button", { name: "Try Again" }).click();
    await saveButton(page).waitFor();
    await context.close();
  });
});

describe("editing", () => {
  test("saves every field and lands on the track page, which shows the new info (even after a visit just before)", async () => {
    const id = await newTrack();
    const { context, page } = await openEditFromTrackPage(id);

    await page.getByLabel("Title", { exact: true }).fill("Cymbal Study (Remaster)");
    await page.getByLabel("Primary Artist").fill("Roland & Friends");
    await page.getByLabel("BPM").fill("98");
    await page.getByLabel("Key", { exact: true }).fill("C major");
    await page.getByRole("textbox", { name: "Genres" }).fill("idm");
    await page.getByRole("textbox", { name: "Genres" }).press("Enter");
    await page.getByLabel("Description").fill("Remastered in 2024.");
    await precision(page).selectOption("MONTH");
    await releaseDate(page).fill("2020-03");
    await page.getByLabel("License", { exact: true }).selectOption(licenses[2]?.id as string);
    await page.getByRole("checkbox", { name: /^Explicit/ }).check();
    await page.getByRole("checkbox", { name: /^Public/ }).uncheck();

    const sent = page.waitForRequest((request) => request.method() === "PATCH");
    await saveButton(page).click();
    const edited = {
      title: "Cymbal Study (Remaster)",
      primaryArtistName: "Roland & Friends",
      bpm: 98,
      key: "C major",
      genreNames: ["ambient", "drums", "idm"],
      description: "Remastered in 2024.",
      isExplicit: true,
      isPublic: false,
      licenseId: licenses[2]?.id,
      releaseDate: "2020-03",
      releaseDatePrecision: "MONTH",
    };
    expect((await sent).postDataJSON()).toEqual(edited);
    await page.waitForURL(`${live.server.url}/track/${id}`);
    await page.getByRole("heading", { name: "Cymbal Study (Remaster)" }).waitFor();
    // A month is stored as its first day.
    expect(await stored(id)).toMatchObject({ ...edited, releaseDate: "2020-03-01" });
    // Private now: a stranger is told it does not exist.
    expect((await call(live.server, "GET", `/track/${id}`, { token: stranger.token })).status).toBe(404);
    await context.close();
  });

  test("a public track's page, visited just before, shows the saved title afterwards", async () => {
    const id = await newTrack();
    const { context, page } = await openEditFromTrackPage(id);
    await page.getByLabel("Title", { exact: true }).fill("Cymbal Study, Take Two");
    await saveButton(page).click();
    await page.waitForURL(`${live.server.url}/track/${id}`);
    await page.getByRole("heading", { name: "Cymbal Study, Take Two" }).waitFor();
    await context.close();
  });

  test("a cleared release date is not sent, and the track loses it", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id);
    await releaseDate(page).fill("");
    const sent = page.waitForRequest((request) => request.method() === "PATCH");
    await saveButton(page).click();
    const body = (await sent).postDataJSON();
    expect("releaseDate" in body).toBe(false);
    expect("releaseDatePrecision" in body).toBe(false);
    await page.waitForURL(`${live.server.url}/track/${id}`);
    expect((await stored(id)).releaseDate).toBeNull();
    await context.close();
  });

  test("Cancel goes back to the track page and keeps the track as it was", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id);
    await page.getByLabel("Title", { exact: true }).fill("Never saved");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${live.server.url}/track/${id}`);
    expect((await stored(id)).title).toBe("Cymbal Study");
    await context.close();
  });

  test("genre chips: comma and Enter add, Backspace in the empty input removes the last, × removes one", async () => {
    const id = await newTrack({ genreNames: [] });
    const { context, page } = await openEdit(id);
    const input = page.getByRole("textbox", { name: "Genres" });
    await input.pressSequentially("dub techno,");
    await input.pressSequentially("house");
    await input.press("Enter");
    await input.pressSequentially("glitch");
    await input.press("Enter");
    expect(await chips(page).allTextContents()).toEqual(["dub techno×", "house×", "glitch×"]);
    await input.press("Backspace");
    expect(await chips(page).allTextContents()).toEqual(["dub techno×", "house×"]);
    await page.getByRole("button", { name: "Remove genre dub techno" }).click();
    expect(await chips(page).allTextContents()).toEqual(["house×"]);
    await saveButton(page).click();
    await page.waitForURL(`${live.server.url}/track/${id}`);
    expect((await stored(id)).genreNames).toEqual(["house"]);
    await context.close();
  });

  test("precision changes the input kind: Year a number, Month a month, Day a date; the date is kept as far as it fits", async () => {
    const id = await newTrack({ releaseDate: "2019-11-05", releaseDatePrecision: "DAY" });
    const { context, page } = await openEdit(id);
    await saveButton(page).waitFor();
    const kind = async () => [await releaseDate(page).getAttribute("type"), await releaseDate(page).inputValue()];
    expect(await kind()).toEqual(["date", "2019-11-05"]);
    await precision(page).selectOption("MONTH");
    expect(await kind()).toEqual(["month", "2019-11"]);
    await precision(page).selectOption("YEAR");
    expect(await kind()).toEqual(["number", "2019"]);
    await precision(page).selectOption("DAY");
    expect(await kind()).toEqual(["date", "2019-01-01"]);
    await precision(page).selectOption("YEAR");
    await saveButton(page).click();
    await page.waitForURL(`${live.server.url}/track/${id}`);
    expect(await stored(id)).toMatchObject({ releaseDate: "2019-01-01", releaseDatePrecision: "YEAR" });
    await context.close();
  });

  test("a stored year or month opens in its own input kind", async () => {
    for (const { value, precision, kind } of [
      { value: "2018", precision: "YEAR", kind: "number" },
      { value: "2017-04", precision: "MONTH", kind: "month" },
    ]) {
      const { context, page } = await openEdit(await newTrack({ releaseDate: value, releaseDatePrecision: precision }));
      await saveButton(page).waitFor();
      expect(await releaseDate(page).getAttribute("type")).toBe(kind);
      expect(await releaseDate(page).inputValue()).toBe(value);
      await context.close();
    }
  });
});

describe("refusals", () => {
  test("required fields, BPM and licence are checked before sending, with the SPEC §5 wording", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id);
    let patches = 0;
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches++;
    });
    const title = page.getByLabel("Title", { exact: true });
    await title.fill("   ");
    await page.getByLabel("BPM").fill("1000");
    await page.getByLabel("License", { exact: true }).selectOption("");
    await page.getByText("License selection is required").waitFor();
    await saveButton(page).click();
    await waitForFieldMessage(title, "Title is required");
    await waitForFieldMessage(page.getByLabel("BPM"), "BPM must be a whole number from 1 to 999");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-title");
    await title.fill("Fixed");
    await waitForFieldMessage(title, null);
    await page.getByLabel("BPM").fill("99");
    await saveButton(page).click();
    // The licence is still missing: focus goes to it and nothing was sent.
    await page.waitForFunction(() => document.activeElement?.id === "field-license");
    expect(patches).toBe(0);
    expect(page.url()).toBe(`${live.server.url}/track/${id}/edit`);
    await context.close();
  });

  test("a future release date is refused in the form", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id);
    await precision(page).selectOption("YEAR");
    await releaseDate(page).fill(String(new Date().getFullYear() + 1));
    await waitForFieldMessage(releaseDate(page), "Release date cannot be in the future");
    await context.close();
  });

  test("the server's message is shown when it refuses: an expired session reads 'Authentication required'", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id);
    await saveButton(page).waitFor();
    // The session ends on the way (a token the server no longer accepts): the real server answers 401.
    await page.route(`**/api/track/${id}`, (route) =>
      route.request().method() === "PATCH"
        ? route.continue({ headers: { ...route.request().headers(), authorization: "Bearer expired.token.value" } })
        : route.continue(),
    );
    await page.getByLabel("Title", { exact: true }).fill("Not saved");
    await saveButton(page).click();
    await page.getByRole("alert").filter({ hasText: "Authentication required" }).waitFor();
    expect(page.url()).toBe(`${live.server.url}/track/${id}/edit`);
    expect(await saveButton(page).isEnabled()).toBe(true);
    expect((await stored(id)).title).toBe("Cymbal Study");
    await context.close();
  });

  test("a dropped connection reads 'An error occurred' and the form stays filled for another try", async () => {
    const id = await newTrack();
    const { context, page } = await openEdit(id);
    await saveButton(page).waitFor();
    await page.route(`**/api/track/${id}`, (route) =>
      route.request().method() === "PATCH" ? route.abort("connectionreset") : route.continue(),
    );
    await page.getByLabel("Title", { exact: true }).fill("Try again later");
    await saveButton(page).click();
    await page.getByRole("alert").filter({ hasText: "An error occurred" }).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Try again later");
    await page.unroute(`**/api/track/${id}`);
    await saveButton(page).click();
    await page.waitForURL(`${live.server.url}/track/${id}`);
    expect((await stored(id)).title).toBe("Try again later");
    await context.close();
  });
});

describe("layout", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`fits ${viewport.width}px without sideways scrolling (screenshot in test-results/screenshots)`, async () => {
      const id = await newTrack({ genreNames: ["ambient", "drums", "a rather long genre name"] });
      const { context, page } = await openEdit(id, owner, viewport);
      await saveButton(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: screenshotPath(`track-edit-${viewport.width}`), fullPage: true });
      await context.close();
    });
  }
});
