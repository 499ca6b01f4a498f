import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { waitForProcessing } from "../../support/uploads";
import { wrappedBoxes } from "../support/layout";
import { CORPUS, FULL_MIX, openTrackPage, STEM_FILES, uploadTrack } from "./fixtures";

setDefaultTimeout(90_000);

// Conversions kept 2 days instead of the default 7, so the ready toast is seen to say the server's figure.
const live = setUpServerAndBrowser({ env: { CONVERSION_TTL_SECONDS: String(2 * 24 * 3600) } });
let owner: Awaited<ReturnType<typeof signUp>>;
/** Signed in, but not the owner: downloads are for every signed-in user who may see the track. */
let listener: Awaited<ReturnType<typeof signUp>>;
let trackId: string;
/** Public, with one stem: where the full track's and a stem's downloads are both checked. */
let stemTrackId: string;
let privateId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  listener = await signUp(live.server);
  trackId = await uploadTrack(live.server, owner.token, {
    original: `${CORPUS}/real-audio/audio-lena.flac`,
    data: { title: "Lena" },
  });
  stemTrackId = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES.slice(0, 1) });
  privateId = await uploadTrack(live.server, owner.token, {
    original: `${CORPUS}/real-audio/audio-lena.flac`,
    data: { title: "Private Lena", isPublic: false },
  });
  await Promise.all([
    waitForProcessing(live.server, owner.token, trackId),
    waitForProcessing(live.server, owner.token, privateId),
    waitForProcessing(live.server, owner.token, stemTrackId),
  ]);
});

const downloads = (page: Page, what = "full track") => page.getByRole("group", { name: `Download ${what}` });
const STEM_NAME = STEM_FILES[0]?.name as string;
/** A toast by its role (errors are alerts, the rest status messages) and title. */
const toast = (page: Page, role: "status" | "alert", title: string) => page.getByRole(role).filter({ hasText: title });

describe("who gets downloads", () => {
  test("a visitor gets 'Sign in to download' for the full track and each stem, no download buttons, and after login is back on the track with them", async () => {
    const page = await openTrackPage(live, stemTrackId);
    const trackPath = `/track/${stemTrackId}`;
    for (const what of ["full track", STEM_NAME]) {
      const signIn = downloads(page, what).getByRole("link", { name: "Sign in to download" });
      await signIn.waitFor();
      expect(await signIn.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(trackPath)}`);
      expect(await downloads(page, what).getByRole("link", { name: "MP3" }).count()).toBe(0);
      expect(await downloads(page, what).getByRole("button").count()).toBe(0);
    }
    await downloads(page).getByRole("link", { name: "Sign in to download" }).click();
    await page.getByRole("heading", { name: "Login" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.getByLabel("Email", { exact: true }).fill(listener.user.email);
    await page.getByLabel("Password", { exact: true }).fill(listener.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${live.server.url}${trackPath}`);
    for (const what of ["full track", STEM_NAME]) {
      await downloads(page, what).getByRole("link", { name: "MP3" }).waitFor();
      expect(await downloads(page, what).getByRole("link", { name: "Sign in to download" }).count()).toBe(0);
    }
    await page.context().close();
  });

  test("a signed-in listener who does not own the track gets MP3, WAV and FLAC for the full track and each stem", async () => {
    const page = await openTrackPage(live, stemTrackId, { token: listener.token });
    for (const what of ["full track", STEM_NAME]) {
      await downloads(page, what).getByRole("link", { name: "MP3" }).waitFor();
      for (const format of ["WAV", "FLAC"])
        expect(await downloads(page, what).getByRole("button", { name: format }).isEnabled()).toBe(true);
      expect(await downloads(page, what).getByRole("link", { name: "Sign in to download" }).count()).toBe(0);
    }
    // The original is WAV, so its WAV downloads at once: a listener's download reaches the file.
    const [wav] = await Promise.all([
      page.waitForEvent("download"),
      downloads(page).getByRole("button", { name: "WAV" }).click(),
    ]);
    expect(wav.suggestedFilename()).toMatch(/\.wav$/);
    expect(await wav.failure()).toBeNull();
    await page.context().close();
  });
});

describe("downloads", () => {
  test("MP3 downloads directly, and so does FLAC when the original is FLAC; the Downloads figure rises with each", async () => {
    const page = await openTrackPage(live, trackId, { token: owner.token });
    const figure = page.locator(".track-facts div", { hasText: "Downloads" }).locator("dd");
    const before = Number(await figure.textContent());
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      downloads(page).getByRole("link", { name: "MP3" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.mp3$/);
    await figure.filter({ hasText: String(before + 1) }).waitFor();
    const [flac] = await Promise.all([
      page.waitForEvent("download"),
      downloads(page).getByRole("button", { name: "FLAC" }).click(),
    ]);
    expect(flac.suggestedFilename()).toMatch(/\.flac$/);
    await figure.filter({ hasText: String(before + 2) }).waitFor();
    await page.context().close();
  });

  test("'Converting FLAC...' keeps one line in a stem's card, at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const page = await openTrackPage(live, stemTrackId, { token: listener.token, viewport: { width, height: 900 } });
      // The conversion's start is held at the network edge, so the button stays on its longer label.
      await page.route("**/convert-audio", () => {});
      const stem = downloads(page, STEM_NAME);
      await stem.getByRole("button", { name: "FLAC" }).click();
      await stem.getByRole("button", { name: "Converting FLAC..." }).waitFor();
      expect(await wrappedBoxes(stem.locator(".button"))).toEqual([]);
      await page.context().close();
    }
  });

  test("a conversion that cannot start shows 'Conversion Error' and the download tooltip", async () => {
    // The network answers the start with a server error, as a failing or unreachable server would.
    const page = await openTrackPage(live, trackId, { token: owner.token });
    await page.route("**/convert-audio", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service Unavailable" }) }),
    );
    const wav = downloads(page).getByRole("button", { name: "WAV" });
    await wav.click();
    await toast(page, "alert", "Conversion Error").waitFor();
    await page.getByText("Failed to start WAV conversion.").waitFor();
    await expect(wav.getAttribute("title")).resolves.toBe("Failed to get download URL");
    await page.context().close();
  });

  test("WAV starts a conversion, polls until it is ready (toast: the server's CONVERSION_TTL_SECONDS, 2 days here), downloads, then goes direct", async () => {
    const page = await openTrackPage(live, trackId, { token: owner.token });
    const conversionCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("convert-audio") || request.url().includes("audio-conversion-status"))
        conversionCalls.push(request.url());
    });
    const wav = downloads(page).getByRole("button", { name: "WAV" });
    const downloaded = page.waitForEvent("download", { timeout: 30_000 });
    await wav.click();
    await downloads(page).getByRole("button", { name: "Converting WAV..." }).waitFor();

    await toast(page, "status", "WAV Ready").waitFor({ timeout: 30_000 });
    await page.getByText("Your WAV file is ready and will be available for 2 days.").waitFor();
    expect((await downloaded).suggestedFilename()).toMatch(/\.wav$/);
    expect(conversionCalls.some((url) => url.includes("audio-conversion-status?format=wav"))).toBe(true);

    const callsBefore = conversionCalls.length;
    const [again] = await Promise.all([page.waitForEvent("download"), wav.click()]);
    expect(again.suggestedFilename()).toMatch(/\.wav$/);
    expect(conversionCalls).toHaveLength(callsBefore);
    await page.context().close();
  });

  test("downloads carry a media token (never the login token), public track or private: downloads need a signed-in user", async () => {
    for (const id of [trackId, privateId]) {
      const page = await openTrackPage(live, id, { token: owner.token });
      const mp3 = downloads(page).getByRole("link", { name: "MP3" });
      await page
        .getByRole("group", { name: /^Player:/ })
        .getByRole("button", { name: "Play" })
        .waitFor();
      // The link itself never holds a token: it is presigned when clicked.
      expect(new URL((await mp3.getAttribute("href")) as string, live.server.url).searchParams.has("token")).toBe(false);
      for (const control of [mp3, downloads(page).getByRole("button", { name: "FLAC" })]) {
        const [file] = await Promise.all([page.waitForEvent("download"), control.click()]);
        expectMediaToken(new URL(file.url()));
        expect(await file.failure()).toBeNull();
      }
      await page.context().close();
    }
  });

  test("made private on the page and public again, its downloads keep working with a media token", async () => {
    const page = await openTrackPage(live, trackId, { token: owner.token });
    const visibility = page.getByRole("checkbox", { name: "Public" });
    const flacUrl = async () => {
      const [flac] = await Promise.all([
        page.waitForEvent("download"),
        downloads(page).getByRole("button", { name: "FLAC" }).click(),
      ]);
      expect(await flac.failure()).toBeNull();
      return new URL(flac.url());
    };
    await visibility.click();
    await page.waitForFunction(
      (element) => !(element as HTMLInputElement).checked && !(element as HTMLInputElement).disabled,
      await visibility.elementHandle(),
    );
    expectMediaToken(await flacUrl());
    await visibility.click();
    await page.waitForFunction(
      (element) => (element as HTMLInputElement).checked && !(element as HTMLInputElement).disabled,
      await visibility.elementHandle(),
    );
    expectMediaToken(await flacUrl());
    await page.context().close();
  });
});

/** A presigned URL's token is a media token: present, and never the session token. */
function expectMediaToken(url: URL): void {
  const token = url.searchParams.get("token");
  expect(token).not.toBeNull();
  expect(token).not.toBe(owner.token);
  expect(owner.token).not.toContain(token as string);
}
