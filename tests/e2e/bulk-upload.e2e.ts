import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { formatQuotaDuration } from "../../islands/lib/format";
import { call, signUp } from "../support/api";
import { setUpServer, setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import type { TestServer } from "../support/server";
import { signedInPage } from "../support/signed-in-page";
import { CORPUS } from "./track-page/fixtures";

setDefaultTimeout(90_000);

const ALBUM = `${CORPUS}/album`;
const expected = JSON.parse(readFileSync(`${CORPUS}/album-expected-matches.json`, "utf8")) as {
  cover_for_track: Record<string, string>;
  album_cover: string;
  unmatched_images: string[];
};
const albumFile = (name: string) => `${ALBUM}/${name}`;
const OPENING = "01 - Nova Drift - Opening Signal.wav";
const HARBOUR = "02 - Nova Drift - Glass Harbour.wav";
const NIGHT_BUS = "03 - Nova Drift - Night Bus (feat. Ada Byte).wav";
/** An MP3 named .wav: the browser takes it, the server refuses it. */
const BROKEN = {
  name: "07 - Nova Drift - Broken Tape.wav",
  mimeType: "audio/wav",
  buffer: readFileSync(`${CORPUS}/bad/mp3-renamed.wav`),
};

const live = setUpServerAndBrowser();

async function openBulk(target: TestServer, token: string): Promise<Page> {
  const { page } = await signedInPage(live.browser, token, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${target.url}/upload/bulk`);
  await page.getByRole("heading", { name: "Bulk Upload Tracks", level: 1 }).waitFor();
  return page;
}

/** Picks files through the page's own file picker, as a person would. */
async function pickFiles(page: Page, button: string, files: Parameters<import("playwright-core").FileChooser["setFiles"]>[0]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(files);
}

const trackRow = (page: Page, title: string) =>
  page.getByRole("list", { name: "Tracks to upload" }).getByRole("listitem", { name: title, exact: true });
const unmatchedArea = (page: Page) => page.getByRole("region", { name: "Unmatched Cover Art" });
const toasts = (page: Page) => page.getByRole("region", { name: "Messages" });
const coverIn = (scope: ReturnType<Page["locator"]>, file: string) => scope.getByRole("img", { name: `Cover art: ${file}` });

async function chooseLicense(page: Page): Promise<void> {
  const select = page.getByLabel("License", { exact: true });
  await select.locator("option").nth(1).waitFor({ state: "attached" });
  await select.selectOption({ index: 1 });
}

/** Every POST /api/track in order, as "sent" and "answered" marks, to show they never overlap. */
function recordUploads(page: Page): string[] {
  const marks: string[] = [];
  const isUpload = (url: string, method: string) => method === "POST" && new URL(url).pathname === "/api/track";
  page.on("request", (request) => isUpload(request.url(), request.method()) && marks.push("sent"));
  page.on("response", (response) => isUpload(response.url(), response.request().method()) && marks.push("answered"));
  return marks;
}

describe("bulk upload: matching", () => {
  test("picking the album lists one track per audio file with the covers album-expected-matches.json names", async () => {
    const { token } = await signUp(live.server);
    const page = await openBulk(live.server, token);
    const upload = page.getByRole("button", { name: /^Upload/ });
    expect(await upload.isDisabled()).toBe(true);
    await pickFiles(
      page,
      "Choose Files",
      readdirSync(ALBUM).map((name) => albumFile(name)),
    );
    const titles = await page.getByRole("list", { name: "Tracks to upload" }).getByRole("heading").allTextContents();
    expect(titles).toEqual([
      "Opening Signal",
      "Glass Harbour",
      "Night Bus (feat. Ada Byte)",
      "Café Solstice",
      "Rust & Rain",
      "The Long Way Home (Extended Mix)",
    ]);
    for (const [track, cover] of Object.entries(expected.cover_for_track)) {
      const title = track.replace(/^\d+ - Nova Drift - /, "").replace(/\.wav$/, "");
      const row = trackRow(page, title);
      await coverIn(row, cover).waitFor();
      await row.getByText("Nova Drift", { exact: false }).first().waitFor();
    }
    for (const loose of [expected.album_cover, ...expected.unmatched_images]) await coverIn(unmatchedArea(page), loose).waitFor();
    await page.getByText("0 of 6 uploaded").waitFor();

    // A license makes the upload possible.
    expect(await upload.isDisabled()).toBe(true);
    await page.getByText("Choose a license to upload.").waitFor();
    await chooseLicense(page);
    expect(await page.getByRole("button", { name: "Upload 6 Tracks" }).isDisabled()).toBe(false);

    // Names without "Artist - Title" take the Default Artist, 'Unknown Artist' while it is blank.
    await pickFiles(page, "Add More Files", [`${CORPUS}/real-modules/gd-ite.it`, `${CORPUS}/real-audio/audio-lena.mp3`]);
    await page
      .getByRole("status")
      .filter({ hasText: "Skipped audio-lena.mp3: MP3 files can't be uploaded as originals: use WAV or FLAC" })
      .waitFor();
    await trackRow(page, "gd-ite").getByText("Unknown Artist").waitFor();
    await page.getByLabel("Default Artist").fill("H. Matthew Smith");
    await trackRow(page, "gd-ite").getByText("H. Matthew Smith").waitFor();
    expect(await trackRow(page, "Opening Signal").getByText("H. Matthew Smith").count()).toBe(0);

    await page.getByRole("button", { name: "Clear All" }).click();
    expect(await page.getByRole("list", { name: "Tracks to upload" }).count()).toBe(0);
    await page.context().close();
  });

  test("files dropped on the drop zone are taken like picked ones", async () => {
    const { token } = await signUp(live.server);
    const page = await openBulk(live.server, token);
    const files = [
      {
        name: "Front Center.wav",
        type: "audio/wav",
        base64: readFileSync(`${CORPUS}/real-audio/alsa-Front_Center.wav`).toString("base64"),
      },
      {
        name: "front center cover.png",
        type: "image/png",
        base64: readFileSync(`${CORPUS}/images/matplotlib-Minduka_Present_Blue_Pack.png`).toString("base64"),
      },
    ];
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    }, files);
    const zone = page.getByRole("region", { name: "File drop zone" });
    await zone.dispatchEvent("dragenter", { dataTransfer });
    await zone.dispatchEvent("dragover", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });
    await coverIn(trackRow(page, "Front Center"), "front center cover.png").waitFor();
    await page.context().close();
  });

  test("covers are dragged between tracks and the unmatched area, or picked from a list", async () => {
    const { token } = await signUp(live.server);
    const page = await openBulk(live.server, token);
    await pickFiles(page, "Choose Files", [OPENING, HARBOUR, "glass-harbour-cover.png", "back.jpg"].map(albumFile));
    const harbour = trackRow(page, "Glass Harbour");
    const opening = trackRow(page, "Opening Signal");
    await coverIn(harbour, "glass-harbour-cover.png").waitFor();

    // back.jpg onto Glass Harbour: its own cover goes to the unmatched area.
    await coverIn(unmatchedArea(page), "back.jpg").dragTo(coverIn(harbour, "glass-harbour-cover.png"));
    await coverIn(harbour, "back.jpg").waitFor();
    await coverIn(unmatchedArea(page), "glass-harbour-cover.png").waitFor();

    // From one track to another.
    await coverIn(harbour, "back.jpg").dragTo(opening.getByText("Drop cover here"));
    await coverIn(opening, "back.jpg").waitFor();
    await harbour.getByText("Drop cover here").waitFor();

    // From a track back to the unmatched area.
    await coverIn(opening, "back.jpg").dragTo(unmatchedArea(page).getByRole("heading"));
    await coverIn(unmatchedArea(page), "back.jpg").waitFor();
    expect(await opening.getByRole("img").count()).toBe(0);

    // A real mouse drag (press, move in steps, release), not only Playwright's dragTo.
    const from = await coverIn(unmatchedArea(page), "back.jpg").boundingBox();
    const to = await opening.getByText("Drop cover here").boundingBox();
    if (!from || !to) throw new Error("the cover or the drop slot has no box");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await coverIn(opening, "back.jpg").waitFor();
    await coverIn(opening, "back.jpg").dragTo(unmatchedArea(page).getByRole("heading"));
    await coverIn(unmatchedArea(page), "back.jpg").waitFor();

    // Without a mouse: the cover list on each track.
    await page.getByLabel("Cover art for Glass Harbour").selectOption({ label: "glass-harbour-cover.png" });
    await coverIn(harbour, "glass-harbour-cover.png").waitFor();
    await page.getByRole("button", { name: "Remove cover art from Glass Harbour" }).click();
    expect(await page.getByRole("img", { name: "Cover art: glass-harbour-cover.png" }).count()).toBe(0);
    await page.getByRole("button", { name: "Remove back.jpg" }).click();
    await unmatchedArea(page).getByText("Drag a track's cover here").waitFor();
    await page.context().close();
  });
});

describe("bulk upload: licences and layout", () => {
  test("a failed licence load says so and offers a retry that works", async () => {
    const { token } = await signUp(live.server);
    const { page } = await signedInPage(live.browser, token, { viewport: { width: 1280, height: 900 } });
    let failed = false;
    await page.route("**/api/licenses", (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort("connectionreset");
    });
    await page.goto(`${live.server.url}/upload/bulk`);
    await page.getByRole("alert").filter({ hasText: "Failed to load licenses. Please try again later." }).waitFor();
    await page.getByRole("button", { name: "Try Again" }).click();
    await chooseLicense(page);
    // Each licence reads differently, though the API names every CC one just 'Creative Commons'.
    const names = await page.getByLabel("License", { exact: true }).locator("option").allTextContents();
    expect(names).toContain("Creative Commons Attribution-NonCommercial-ShareAlike (CC BY-NC-SA 4.0)");
    expect(new Set(names).size).toBe(names.length);
    await page.context().close();
  });

  test("fits a 375 px phone with the album listed", async () => {
    const { token } = await signUp(live.server);
    const { page } = await live.openPage("/upload/bulk", token, { viewport: { width: 375, height: 800 } });
    await pickFiles(
      page,
      "Choose Files",
      readdirSync(ALBUM).map((name) => albumFile(name)),
    );
    await trackRow(page, "The Long Way Home (Extended Mix)").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});

describe("bulk upload: a 251-character file name", () => {
  const LONG_NAME = `${"a".repeat(247)}.wav`;
  test.each([1280, 375])(
    "at %i px: nothing scrolls sideways, the title is caught before sending and can be fixed",
    async (width) => {
      const { token } = await signUp(live.server);
      const { page } = await live.openPage("/upload/bulk", token, { viewport: { width, height: 900 } });
      const marks = recordUploads(page);
      await pickFiles(page, "Choose Files", [
        { name: LONG_NAME, mimeType: "audio/wav", buffer: readFileSync(albumFile(OPENING)) },
      ]);
      await chooseLicense(page);
      const row = page.getByRole("list", { name: "Tracks to upload" }).getByRole("listitem");
      // Caught as soon as the file is listed, with the server's limit named.
      await row.getByText("Title must be at most 200 characters").waitFor();
      const noSideways = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await noSideways();

      await page.getByRole("button", { name: "Upload 1 Track" }).click();
      await row
        .getByRole("alert")
        .filter({ hasText: `Failed to upload ${"a".repeat(200)}` })
        .waitFor();
      await toasts(page).getByText("Title must be at most 200 characters").waitFor();
      expect(marks).toEqual([]);
      await noSideways();

      // The row offers more than Remove: a retry, and a better title (which makes it ready again).
      await row.getByRole("button", { name: /^Retry/ }).waitFor();
      await row.getByLabel("Title", { exact: true }).fill("Opening Signal");
      await row.getByText("Ready").waitFor();
      await page.getByRole("button", { name: "Upload 1 Track" }).click();
      await row.getByText("Uploaded").waitFor();
      expect(marks).toEqual(["sent", "answered"]);
      await noSideways();
      await page.context().close();
    },
  );
});

// localhost is a secure context even over http; a LAN name (http://nas.local:3000) is not, and bulk upload must work
// there as well (it names its tracks and sends them as resumable uploads, both in the browser).
for (const origin of ORIGINS)
  describe(`bulk upload on the ${origin} origin`, () => {
    test("a track and its matched cover go up, and the batch ends on a link to My Tracks", async () => {
      const { token } = await signUp(live.server);
      const { page } = await live.openPage("/upload/bulk", token, { origin, viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.getByRole("heading", { name: "Bulk Upload Tracks", level: 1 }).waitFor();
      await pickFiles(page, "Choose Files", [albumFile(OPENING), albumFile("01 - Nova Drift - Opening Signal (cover).jpg")]);
      await coverIn(trackRow(page, "Opening Signal"), "01 - Nova Drift - Opening Signal (cover).jpg").waitFor();
      await chooseLicense(page);
      await page.getByRole("button", { name: "Upload 1 Track" }).click();
      await page.getByRole("status").filter({ hasText: "1 track uploaded. It is being processed now." }).waitFor();
      const mine = await call<{ items: { title: string; coverArt: string | null }[] }>(live.server, "GET", "/tracks", { token });
      expect(mine.body.items.map((track) => [track.title, track.coverArt !== null])).toEqual([["Opening Signal", true]]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });

describe("bulk upload: sending", () => {
  // A 75 s quota, for the test that stops at the storage-quota warning.
  const small = setUpServer({ env: { FREE_QUOTA_SECONDS: "75" } });

  test("uploads one by one, locks the page meanwhile, reports a refused file, and ends on a link to My Tracks", async () => {
    const { token } = await signUp(live.server);
    const page = await openBulk(live.server, token);
    const marks = recordUploads(page);
    await pickFiles(page, "Choose Files", [
      ...[OPENING, HARBOUR, "01 - Nova Drift - Opening Signal (cover).jpg", "glass-harbour-cover.png"].map((name) => ({
        name,
        mimeType: name.endsWith(".wav") ? "audio/wav" : "image/jpeg",
        buffer: readFileSync(albumFile(name)),
      })),
      BROKEN,
    ]);
    await chooseLicense(page);

    // The first upload is held, so the locked page can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    const reached = Promise.withResolvers<void>();
    await page.route("**/api/track", async (route) => {
      if (first) {
        first = false;
        reached.resolve();
        await held;
      }
      await route.continue();
    });
    await page.getByRole("button", { name: "Upload 3 Tracks" }).click();
    await trackRow(page, "Opening Signal").getByRole("status").waitFor();
    // The files went as resumable uploads first; the form naming them is the request held.
    await reached.promise;
    expect(await page.getByLabel("Default Artist").isDisabled()).toBe(true);
    expect(await page.getByLabel("License", { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Choose Files" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Clear All" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Uploading..." }).isDisabled()).toBe(true);
    expect(marks).toEqual(["sent"]);
    release();

    await trackRow(page, "Broken Tape").getByRole("alert").filter({ hasText: "Failed to upload Broken Tape" }).waitFor();
    await page
      .getByRole("alert")
      .filter({ hasText: "1 track could not be uploaded. Edit its title, retry or remove it." })
      .waitFor();
    await toasts(page).getByRole("alert").filter({ hasText: "Failed to upload Broken Tape" }).waitFor();
    expect(marks).toEqual(["sent", "answered", "sent", "answered", "sent", "answered"]);
    await trackRow(page, "Opening Signal").getByText("Uploaded").waitFor();
    await trackRow(page, "Glass Harbour").getByText("Uploaded").waitFor();
    await page.getByText("2 of 3 uploaded").waitFor();

    const mine = await call<{ items: { title: string; primaryArtistName: string; coverArt: string | null }[] }>(
      live.server,
      "GET",
      "/tracks",
      { token },
    );
    expect(mine.body.items.map((t) => [t.title, t.primaryArtistName, t.coverArt !== null]).sort()).toEqual([
      ["Glass Harbour", "Nova Drift", true],
      ["Opening Signal", "Nova Drift", true],
    ]);

    // Taking the refused file off the list completes the batch; there is nothing left to send.
    await page.getByRole("button", { name: "Remove Broken Tape" }).click();
    expect(await page.getByText("could not be uploaded").count()).toBe(0);
    const done = page.getByRole("status").filter({ hasText: "All 2 tracks uploaded" });
    await done.waitFor();
    expect(await done.getByRole("link", { name: "Go to My Tracks" }).getAttribute("href")).toBe("/my-tracks");
    expect(await page.getByRole("button", { name: /^Upload/ }).count()).toBe(0);
    await page.context().close();
  });

  test("stops after the upload that brings the storage-quota warning", async () => {
    // 80% of 75 s is crossed by the second track (30 s + 31 s); the third must not be sent.
    const { token } = await signUp(small.server);
    const page = await openBulk(small.server, token);
    const marks = recordUploads(page);
    await pickFiles(page, "Choose Files", [OPENING, HARBOUR, NIGHT_BUS].map(albumFile));
    await chooseLicense(page);
    await page.getByText("Storage left: 1m 15s of 1m 15s").waitFor();
    await page.getByRole("button", { name: "Upload 3 Tracks" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Uploading stopped: your storage is almost full. 1 track was not uploaded." })
      .waitFor();
    await toasts(page).getByRole("status").filter({ hasText: "Storage almost full" }).waitFor();
    expect(marks).toEqual(["sent", "answered", "sent", "answered"]);
    await trackRow(page, "Night Bus (feat. Ada Byte)").getByText("Ready").waitFor();
    await page.getByText("2 of 3 uploaded").waitFor();
    // The storage note is read again after the uploads.
    const quota = await call<{ totalQuotaSeconds: number; currentUsedQuotaSeconds: number }>(
      small.server,
      "GET",
      "/storage/quota",
      {
        token,
      },
    );
    const left = formatQuotaDuration(quota.body.totalQuotaSeconds - quota.body.currentUsedQuotaSeconds);
    expect(left).toBe("14s");
    await page.getByText(`Storage left: ${left} of 1m 15s`).waitFor();
    // What is left can still be sent on purpose.
    expect(await page.getByRole("button", { name: "Upload 1 Track" }).isDisabled()).toBe(false);
    await page.context().close();
  });
});
