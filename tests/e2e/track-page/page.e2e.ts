import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { screenshotPath } from "../../support/screenshots";
import { waitForProcessing } from "../../support/uploads";
import { pageWidths, spillingBoxes } from "../support/layout";
import { CORPUS, FULL_MIX, openTrackPage, STEM_FILES, uploadTrack } from "./fixtures";

setDefaultTimeout(90_000);

const live = setUpServerAndBrowser();
let owner: Awaited<ReturnType<typeof signUp>>;
let publicId: string;
let privateId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  publicId = await uploadTrack(live.server, owner.token, {
    original: FULL_MIX,
    cover: `${CORPUS}/images/matplotlib-grace_hopper.jpg`,
    stems: STEM_FILES.slice(0, 2),
    data: { bpm: 120, key: "A minor", isExplicit: true, releaseDate: "2024-03-05", releaseDatePrecision: "MONTH" },
  });
  privateId = await uploadTrack(live.server, owner.token, {
    original: `${CORPUS}/real-audio/audio-lena.flac`,
    data: { title: "Secret Lena", isPublic: false },
  });
  await Promise.all([
    waitForProcessing(live.server, owner.token, publicId),
    waitForProcessing(live.server, owner.token, privateId),
  ]);
});

describe("public track page", () => {
  test("without JavaScript it shows title, artist, details and the stored waveform", async () => {
    const page = await openTrackPage(live, publicId, { javaScriptEnabled: false });
    await expect(page.getByRole("heading", { level: 1, name: "Undertow" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Nova Drift", { exact: true }).isVisible()).resolves.toBe(true);
    const waveform = page.getByRole("region", { name: "Full track" }).getByRole("img", { name: "Waveform" });
    await expect(waveform.isVisible()).resolves.toBe(true);
    expect((await waveform.boundingBox())?.height).toBe(96);
    expect(await waveform.locator("path").getAttribute("d")).toMatch(/^M1 \d+v\d+(m3-\d+v\d+)+$/);
    const fact = (term: string) => page.locator(`dt:text-is("${term}") + dd`).textContent();
    expect(await fact("Duration")).toBe("1:00");
    expect(await fact("Plays")).toBe("0");
    expect(await fact("Downloads")).toBe("0");
    expect(await fact("Released")).toBe("March 2024");
    expect(await page.getByTitle("Track format").textContent()).toBe("WAV");
    expect(await page.getByTitle("Tempo (BPM)").textContent()).toBe("120 BPM");
    expect(await page.getByTitle("Musical key").textContent()).toBe("A minor");
    expect(await page.getByTitle("Contains explicit content").textContent()).toBe("Explicit");
    expect(await page.getByRole("list", { name: "Genres" }).textContent()).toBe("#ambient#synthwave");
    await expect(page.getByText(`Uploaded by ${owner.user.username}`).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("img", { name: "Cover art of Undertow" }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  test("carries OpenGraph and Twitter tags and may be cached publicly", async () => {
    const response = await fetch(`${live.server.url}/track/${publicId}`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60");
    const html = await response.text();
    expect(html).toContain('<meta property="og:title" content="Undertow"');
    expect(html).toContain('<meta property="og:description" content="By Nova Drift"');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://localhost:\\d+/api/track/${publicId}/cover\\?size=page"`),
    );
    expect(html).toMatch(new RegExp(`<meta property="og:audio" content="http://localhost:\\d+/api/track/${publicId}/full.mp3"`));
    // Processed and public: a player card (modules/embeds/embeds.test.ts reads it with open-graph-scraper).
    expect(html).toContain('<meta name="twitter:card" content="player"');
  });
});

describe("private track page", () => {
  test("the owner's page is rendered on the server, with their controls and the player", async () => {
    const page = await openTrackPage(live, privateId, { token: owner.token });
    await page.getByRole("heading", { level: 1, name: "Secret Lena" }).waitFor();
    await page.getByText("You uploaded this track").waitFor();
    await expect(page.getByRole("link", { name: "Edit Track" }).getAttribute("href")).resolves.toBe(`/track/${privateId}/edit`);
    await page.getByRole("group", { name: "Player: Secret Lena" }).getByRole("button", { name: "Play" }).waitFor();
    expect(await page.title()).toBe("Secret Lena by Nova Drift · Stemma");
    await page.context().close();
  });

  test("without JavaScript the owner still gets their page, their line, the Edit link and their menu", async () => {
    const page = await openTrackPage(live, privateId, { token: owner.token, javaScriptEnabled: false });
    await page.getByRole("heading", { level: 1, name: "Secret Lena" }).waitFor();
    expect(await page.getByText("You uploaded this track", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Edit Track" }).getAttribute("href")).toBe(`/track/${privateId}/edit`);
    expect(await page.getByRole("button", { name: owner.user.username }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);
    expect(await page.getByText(/^Uploaded by/).count()).toBe(0);
    await page.context().close();
  });

  test("another user gets the 404 page: 'Failed to load track details', told why, with the way home", async () => {
    const stranger = await signUp(live.server);
    const page = await openTrackPage(live, privateId, { token: stranger.token });
    const alert = page.getByRole("alert");
    await alert.getByText("Failed to load track details").waitFor();
    await alert.getByText("This track is private or no longer exists.").waitFor();
    expect(await alert.getByRole("button", { name: "Try Again" }).count()).toBe(0);
    await page.getByRole("button", { name: stranger.user.username }).waitFor();
    await alert.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${live.server.url}/`);
    expect(await page.getByText("Secret Lena").count()).toBe(0);
    await page.context().close();
  });
});

describe("long names and line breaks", () => {
  // One-token names (no spaces) wrap anywhere in the header instead of widening the page.
  const title = `Title${"y".repeat(100)}`;
  const artist = `Artist${"x".repeat(102)}`;
  const genre = `genre${"z".repeat(45)}`;
  const description = "line1\nline2";
  let uploader: Awaited<ReturnType<typeof signUp>>;
  let publicLong: string;
  let privateLong: string;
  beforeAll(async () => {
    uploader = await signUp(live.server, { username: `uploader_${"u".repeat(60)}` });
    const data = { title, primaryArtistName: artist, genreNames: [genre], description };
    publicLong = await uploadTrack(live.server, uploader.token, { original: `${CORPUS}/bad/CON.wav`, data });
    privateLong = await uploadTrack(live.server, uploader.token, {
      original: `${CORPUS}/bad/CON.wav`,
      data: { ...data, isPublic: false },
    });
  });

  test("at 375px the header wraps title, artist, genre and uploader name; nothing scrolls sideways", async () => {
    const { context, page } = await live.openPage(`/track/${publicLong}`, null, { viewport: { width: 375, height: 812 } });
    const trackPage = page.getByRole("article");
    await trackPage.getByText(`Uploaded by ${uploader.user.username}`).waitFor();
    await page.screenshot({ path: screenshotPath("track-header-375") });
    const widths = await pageWidths(page);
    expect(widths.page).toBe(widths.screen);
    expect(await spillingBoxes(trackPage)).toEqual([]);
    // Wrapped, not cut: the whole title is still on the page.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await context.close();
  });

  test("the description keeps its line breaks, server-rendered and in the signed-in shell", async () => {
    for (const [id, token] of [
      [publicLong, null],
      [privateLong, uploader.token],
    ] as const) {
      const page = await openTrackPage(live, id, { token: token ?? undefined });
      const text = page.getByText(/^line1\s+line2$/);
      await text.waitFor();
      // biome-ignore lint/performance/useDomNodeTextContent: the shown text is the point; a collapsed break reads "line1 line2".
      expect(await text.innerText()).toBe(description);
      await page.context().close();
    }
  });
});
