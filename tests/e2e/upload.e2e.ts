import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { latestReleaseDate } from "../../islands/form/release-date";
import { call, signUp } from "../support/api";
import { waitForFieldMessage } from "../support/field-message";
import { setUpServer, setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { signedInPage } from "../support/signed-in-page";
import { horizontalBox } from "./support/layout";
import { CORPUS, FULL_MIX, STEM_FILES, waitForState } from "./track-page/fixtures";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let token: string;

beforeAll(async () => {
  token = (await signUp(live.server)).token;
});

async function openUpload(): Promise<Page> {
  const { page } = await live.openPage("/upload", token, { viewport: { width: 1280, height: 900 } });
  await page.getByRole("heading", { name: "Upload Track", level: 1 }).waitFor();
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submitButton = (page: Page) => page.getByRole("button", { name: "Upload Track" });
const LENA = `${CORPUS}/real-audio/audio-lena.flac`;
const MODULE = `${CORPUS}/real-modules/gd-ite.it`;

/** Picks the first real licence, as a person would from the list. */
async function chooseLicense(page: Page): Promise<string> {
  const select = field(page, "License");
  await select.locator("option").nth(1).waitFor({ state: "attached" });
  const value = (await select.locator("option").nth(1).getAttribute("value")) as string;
  await select.selectOption(value);
  return value;
}

/** Counts POST /api/track calls the page makes, to prove a refused form sent nothing. */
function countUploads(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/track") count++;
  });
  return () => count;
}

describe("upload page", () => {
  test("visitors are sent to /login, and come back to the upload page once logged in", async () => {
    const visitor = await signUp(live.server);
    const { page } = await live.openPage("/upload", null);
    await page.waitForURL(`${live.server.url}/login?next=%2Fupload`);
    await page.getByLabel("Email", { exact: true }).fill(visitor.user.email);
    await page.getByLabel("Password", { exact: true }).fill(visitor.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("heading", { name: "Upload Track", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/upload");
    await page.context().close();
  });

  test("licences that fail to load are reported on the form", async () => {
    const { page } = await signedInPage(live.browser, token);
    await page.route("**/api/licenses", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.goto(`${live.server.url}/upload`);
    await page.getByRole("alert").filter({ hasText: "Failed to load licenses. Please try again later." }).waitFor();
    expect(await submitButton(page).isDisabled()).toBe(true);
    await page.context().close();
  });

  test("fits a 375 px phone, stems and all", async () => {
    const { page } = await live.openPage("/upload", token, { viewport: { width: 375, height: 800 } });
    await field(page, "Audio File").setInputFiles(FULL_MIX);
    await page.getByRole("button", { name: "Add Stem" }).click();
    await field(page, "Stem 1 file").setInputFiles(STEM_FILES[0]?.path as string);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The cover's file input goes under its preview, as wide as the audio file's: beside it, it had too little room
    // and Chromium elided its "No file chosen" to "No …osen".
    const width = async (label: string) => {
      const box = await horizontalBox(field(page, label));
      return box.right - box.left;
    };
    expect(await width("Cover Art")).toBe(await width("Audio File"));
    await page.context().close();
  });
});

describe("upload form", () => {
  test("the licence picker tells the Creative Commons licences apart", async () => {
    const page = await openUpload();
    const options = field(page, "License").locator("option");
    await options.nth(5).waitFor({ state: "attached" });
    expect((await options.allTextContents()).slice(1).sort()).toEqual([
      "All Rights Reserved",
      "Creative Commons Attribution (CC BY 4.0)",
      "Creative Commons Attribution-NonCommercial (CC BY-NC 4.0)",
      "Creative Commons Attribution-NonCommercial-ShareAlike (CC BY-NC-SA 4.0)",
      "Creative Commons Attribution-ShareAlike (CC BY-SA 4.0)",
    ]);
    await page.context().close();
  });

  test("an original it cannot take keeps 'Upload Track' disabled until an acceptable one is chosen", async () => {
    const page = await openUpload();
    await chooseLicense(page);
    await field(page, "Audio File").setInputFiles(`${CORPUS}/real-audio/audio-lena.mp3`);
    await waitForFieldMessage(field(page, "Audio File"), "MP3 files can't be uploaded as originals: use WAV or FLAC");
    expect(await submitButton(page).isDisabled()).toBe(true);
    await field(page, "Audio File").setInputFiles(LENA);
    await waitForFieldMessage(field(page, "Audio File"), null);
    expect(await submitButton(page).isDisabled()).toBe(false);
    await page.context().close();
  });

  test("defaults: public, not explicit, DAY precision; submit needs an audio file and a license", async () => {
    const page = await openUpload();
    expect(await page.getByRole("link", { name: "Bulk upload" }).getAttribute("href")).toBe("/upload/bulk");
    expect(await page.getByRole("checkbox", { name: /Public/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Explicit/ }).isChecked()).toBe(false);
    expect(await field(page, "Release date precision").inputValue()).toBe("DAY");
    expect(await submitButton(page).isDisabled()).toBe(true);
    await page.getByText("Choose an audio file and a license to upload.").waitFor();

    await field(page, "Audio File").setInputFiles(LENA);
    expect(await submitButton(page).isDisabled()).toBe(true);
    await chooseLicense(page);
    expect(await submitButton(page).isDisabled()).toBe(false);
    await field(page, "License").selectOption("");
    expect(await submitButton(page).isDisabled()).toBe(true);
    await page.context().close();
  });

  test("every rule's message shows on its field, and nothing is sent until they pass", async () => {
    const page = await openUpload();
    const uploads = countUploads(page);
    await field(page, "Audio File").setInputFiles(LENA);
    await chooseLicense(page);
    await submitButton(page).click();
    await waitForFieldMessage(field(page, "Title"), "Title is required");
    await waitForFieldMessage(field(page, "Primary Artist"), "Primary artist name is required");
    // The first field to fix gets the focus.
    expect(await field(page, "Title").evaluate((el) => el === document.activeElement)).toBe(true);

    await field(page, "Title").fill("Lena");
    await waitForFieldMessage(field(page, "Title"), null);
    await field(page, "Primary Artist").fill("Heshamwhite");
    for (const bad of ["0", "1000", "12.5"]) {
      await field(page, "BPM").fill(bad);
      await submitButton(page).click();
      await waitForFieldMessage(field(page, "BPM"), "BPM must be a whole number from 1 to 999");
    }
    await field(page, "BPM").fill("999");
    await waitForFieldMessage(field(page, "BPM"), null);

    const future = new Date();
    future.setDate(future.getDate() + 2);
    await field(page, "Release Date").fill(latestReleaseDate("DAY", future));
    await waitForFieldMessage(field(page, "Release Date"), "Release date cannot be in the future");
    await submitButton(page).click();
    await field(page, "Release Date").fill(latestReleaseDate("DAY"));
    await waitForFieldMessage(field(page, "Release Date"), null);
    expect(uploads()).toBe(0);
    await page.context().close();
  });

  test("precision switches the input kind, keeps what fits, and caps it at today", async () => {
    const page = await openUpload();
    const date = field(page, "Release Date");
    expect(await date.getAttribute("type")).toBe("date");
    expect(await date.getAttribute("max")).toBe(latestReleaseDate("DAY"));
    await date.fill("2024-03-05");

    await field(page, "Release date precision").selectOption("MONTH");
    expect(await date.getAttribute("type")).toBe("month");
    expect(await date.inputValue()).toBe("2024-03");
    expect(await date.getAttribute("max")).toBe(latestReleaseDate("MONTH"));

    await field(page, "Release date precision").selectOption("YEAR");
    expect(await date.getAttribute("type")).toBe("number");
    expect(await date.inputValue()).toBe("2024");
    expect(await date.getAttribute("max")).toBe(latestReleaseDate("YEAR"));
    await date.fill(String(new Date().getFullYear() + 1));
    await waitForFieldMessage(date, "Release date cannot be in the future");

    await field(page, "Release date precision").selectOption("DAY");
    expect(await date.getAttribute("type")).toBe("date");
    await page.context().close();
  });

  test("genres: comma and Enter add chips, Backspace in the empty input removes the last", async () => {
    const page = await openUpload();
    const genres = field(page, "Genres");
    const chips = () => page.getByRole("list", { name: "Added genres" }).getByRole("listitem").allTextContents();
    await genres.pressSequentially("ambient,");
    await genres.pressSequentially("synthwave");
    await genres.press("Enter");
    await genres.pressSequentially("Ambient,");
    expect(await chips()).toEqual(["ambient×", "synthwave×"]);
    expect(await genres.inputValue()).toBe("");

    await genres.press("Backspace");
    expect(await chips()).toEqual(["ambient×"]);
    // Backspace inside typed text edits the text, not the chips.
    await genres.pressSequentially("dub");
    await genres.press("Backspace");
    expect(await genres.inputValue()).toBe("du");
    expect(await chips()).toEqual(["ambient×"]);

    // Leaving the field keeps what was typed as a chip rather than dropping it.
    await page.getByRole("button", { name: "Remove genre ambient" }).click();
    expect(await chips()).toEqual(["du×"]);
    await page.getByRole("button", { name: "Remove genre du" }).click();
    expect(await page.getByRole("list", { name: "Added genres" }).count()).toBe(0);
    await page.context().close();
  });

  test("stems: only for WAV/FLAC originals, only .wav/.flac files, at most 20", async () => {
    const page = await openUpload();
    const addStem = page.getByRole("button", { name: "Add Stem" });
    expect(await addStem.isDisabled()).toBe(true);
    await page.getByText("Choose a WAV or FLAC original to add stems.").waitFor();

    await field(page, "Audio File").setInputFiles(MODULE);
    expect(await addStem.isDisabled()).toBe(true);
    await page.getByText("Stems can only be added to WAV or FLAC tracks").waitFor();

    await field(page, "Audio File").setInputFiles(FULL_MIX);
    await addStem.click();
    await field(page, "Stem 1 file").setInputFiles(`${CORPUS}/stems/variants/Nova Drift - Undertow - bass.mp3`);
    await waitForFieldMessage(field(page, "Stem 1 file"), "Stem files must be .wav or .flac");
    await field(page, "Stem 1 file").setInputFiles(STEM_FILES[0]?.path as string);
    await waitForFieldMessage(field(page, "Stem 1 file"), null);
    // Name and type are read from the file name.
    expect(await field(page, "Stem 1 name").inputValue()).toBe("bass");
    expect(await field(page, "Stem 1 type").inputValue()).toBe("bass");

    // A stem without a file or name is named on submit.
    await addStem.click();
    await chooseLicense(page);
    await submitButton(page).click();
    await waitForFieldMessage(field(page, "Stem 2 file"), "Please select an audio file for the stem.");
    await waitForFieldMessage(field(page, "Stem 2 name"), "Stem 2 needs a name");
    await page.getByRole("button", { name: "Remove stem 2" }).click();

    for (let count = 1; count < 20; count++) await addStem.click();
    expect(await page.getByRole("button", { name: /^Remove stem/ }).count()).toBe(20);
    expect(await addStem.isDisabled()).toBe(true);
    await page.getByText("A track can have at most 20 stems").waitFor();

    // Switching the original to a module with stems listed is flagged, not silently dropped.
    await field(page, "Audio File").setInputFiles(MODULE);
    await page.getByRole("alert").filter({ hasText: "Stems can only be added to WAV or FLAC tracks" }).waitFor();
    await page.context().close();
  });
});

describe("submitting", () => {
  test("the server's message is shown when it refuses the file; a dropped connection reads 'An error occurred'", async () => {
    const page = await openUpload();
    const bad = `${CORPUS}/bad/mp3-renamed.wav`;
    // What the API says about this file, asked directly, is what the form must show.
    const form = new FormData();
    const licenses = await call<{ id: string }[]>(live.server, "GET", "/licenses");
    form.set("data", JSON.stringify({ title: "Bad", primaryArtistName: "X", licenseId: licenses.body[0]?.id }));
    form.set("original", new File([readFileSync(bad)], "mp3-renamed.wav"));
    const direct = await call<{ message: string }>(live.server, "POST", "/track", { token, body: form });
    expect(direct.status).toBe(400);

    await field(page, "Title").fill("Bad");
    await field(page, "Primary Artist").fill("X");
    await field(page, "Audio File").setInputFiles(bad);
    await chooseLicense(page);
    await submitButton(page).click();
    await page.getByRole("alert").filter({ hasText: direct.body.message }).waitFor();
    expect(page.url()).toBe(`${live.server.url}/upload`);

    await page.route("**/api/track", (route) => route.abort("connectionreset"));
    await field(page, "Audio File").setInputFiles(LENA);
    await submitButton(page).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /^An error occurred$/ })
      .waitFor();
    // The form is usable again after a failure.
    expect(await field(page, "Title").isDisabled()).toBe(false);
    await page.context().close();
  });

  test("a real upload with cover art and stems shows progress, then lands on /track/{id}", async () => {
    const page = await openUpload();
    await field(page, "Title").fill("Undertow");
    await field(page, "Primary Artist").fill("Nova Drift");
    await field(page, "BPM").fill("120");
    await field(page, "Key").fill("A minor");
    await field(page, "Genres").pressSequentially("ambient,synthwave,");
    await field(page, "Description").fill("Four stems and a mix.");
    await field(page, "Release date precision").selectOption("MONTH");
    await field(page, "Release Date").fill("2024-03");
    const licenseId = await chooseLicense(page);
    await page.getByRole("checkbox", { name: /Explicit/ }).check();
    await page.getByRole("checkbox", { name: /Public/ }).uncheck();
    await field(page, "Audio File").setInputFiles(FULL_MIX);
    await field(page, "Cover Art").setInputFiles(`${CORPUS}/images/matplotlib-grace_hopper.jpg`);
    await page.getByRole("img", { name: "Chosen cover art" }).waitFor();
    for (const [index, stem] of STEM_FILES.slice(0, 2).entries()) {
      await page.getByRole("button", { name: "Add Stem" }).click();
      await field(page, `Stem ${index + 1} file`).setInputFiles(stem.path);
      await field(page, `Stem ${index + 1} name`).fill(stem.name);
    }

    // Hold the request so the in-flight state can be seen: progress shown, inputs disabled.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/track", async (route) => {
      await held;
      await route.continue();
    });
    await submitButton(page).click();
    await page.getByRole("progressbar", { name: "Upload progress" }).waitFor();
    expect(await field(page, "Title").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Uploading..." }).isDisabled()).toBe(true);
    // Leaving now would lose the upload: the browser asks first (and here the user stays).
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await page.waitForFunction(() => true);
    expect(dialogs).toEqual(["beforeunload"]);
    release();

    // Success leaves without asking.
    await page.waitForURL(/\/track\/[^/]+$/);
    expect(dialogs).toEqual(["beforeunload"]);
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    await page.getByRole("heading", { name: "Undertow", level: 1 }).waitFor();

    const track = (await call<Record<string, unknown>>(live.server, "GET", `/track/${id}`, { token })).body;
    expect(track).toMatchObject({
      title: "Undertow",
      primaryArtistName: "Nova Drift",
      originalFormat: "wav",
      bpm: 120,
      key: "A minor",
      genreNames: ["ambient", "synthwave"],
      description: "Four stems and a mix.",
      isExplicit: true,
      isPublic: false,
      licenseId,
      releaseDate: expect.stringMatching(/^2024-03-01/),
      releaseDatePrecision: "MONTH",
    });
    expect(track.coverArt).toBeTruthy();
    const stems = track.stems as { name: string; type: string }[];
    expect(stems.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: "Bass", type: "bass" },
      { name: "Drums", type: "drums" },
    ]);
    await page.context().close();
  });
});

// localhost is a secure context even over http; a LAN name (http://nas.local:3000) is not, and the upload and the
// play counting must work there as well.
for (const origin of ORIGINS)
  describe(`uploading and playing on the ${origin} origin`, () => {
    test("a private upload through the form lands on its track, which plays and counts the play", async () => {
      const { page } = await live.openPage("/upload", token, { origin, viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.getByRole("heading", { name: "Upload Track", level: 1 }).waitFor();
      await field(page, "Title").fill(`Lena on ${origin}`);
      await field(page, "Primary Artist").fill("Lena Test");
      await chooseLicense(page);
      // Private, so the player takes its media through a presigned URL, asked for on this origin.
      await page.getByRole("checkbox", { name: /Public/ }).uncheck();
      await field(page, "Audio File").setInputFiles(LENA);
      await submitButton(page).click();
      // The form's own message when it fails, rather than a wait for a page that never comes.
      const refused = page
        .locator(".form-error")
        .waitFor()
        .then(async () => {
          throw new Error(`The upload failed: ${await page.locator(".form-error").textContent()}`);
        });
      await Promise.race([page.waitForURL(/\/track\/[0-9a-f-]{36}$/), refused]);
      const id = new URL(page.url()).pathname.split("/").pop() as string;

      const player = page.getByRole("group", { name: `Player: Lena on ${origin}` });
      await player.waitFor({ timeout: 45_000 });
      await waitForState(player, "ready");
      const usage = page.waitForResponse(
        (response) => response.url().endsWith(`/api/track/${id}/usage`) && response.request().method() === "POST",
      );
      await player.getByRole("button", { name: "Play" }).click();
      expect(await (await usage).json()).toEqual({ counted: true });
      await player.getByRole("button", { name: "Pause" }).click();
      await page.locator('dt:text-is("Plays") + dd').filter({ hasText: /^1$/ }).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });

describe("storage-quota warning", () => {
  // A 1 s quota: the 0.9 s cymbal passes 80% of it, so POST /api/track replies with the warning.
  const small = setUpServer({ env: { FREE_QUOTA_SECONDS: "1" } });

  test("the warning an upload brings is still shown on the new track's page, then vanishes", async () => {
    const session = await signUp(small.server);
    const { context, page } = await signedInPage(live.browser, session.token);
    await page.goto(`${small.server.url}/upload`);
    await field(page, "Title").fill("Cymbal");
    await field(page, "Primary Artist").fill("Roland");
    await chooseLicense(page);
    await field(page, "Audio File").setInputFiles(`${CORPUS}/real-audio/hydrogen-808_Cymbal.flac`);
    await submitButton(page).click();

    await page.waitForURL(/\/track\/[^/]+$/);
    await page.getByRole("heading", { name: "Cymbal", level: 1 }).waitFor();
    const toast = page.getByRole("region", { name: "Messages" }).getByRole("status").filter({ hasText: "Storage almost full" });
    await toast.waitFor();
    expect(await toast.getAttribute("data-type")).toBe("warning");
    // It keeps only the rest of its 5 seconds; it does not start over on each page.
    await toast.waitFor({ state: "detached", timeout: 10_000 });
    await context.close();
  });
});
