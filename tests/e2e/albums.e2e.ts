/**
 * Issue 41's album page (`/album/{id}`): readable without JavaScript at 1280 and 375 px with its tracks in order
 * (leaving out those the reader may not see), "Play all" through the queue, and a private album that is its
 * owner's alone (a real 404 for anyone else).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { Album } from "../../modules/albums/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { createTrack, uploadTiny, waitForProcessing } from "../support/uploads";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let owner: Session;
let albumId: string;
let privateAlbumId: string;

/** In album order: Two (7.1 s, long enough to still play as the queue is read), One, a private track, Three. */
const TRACKS = [
  ["Two", "real-audio/pygame-house_lo-u8-11k.wav"],
  ["One", "real-audio/alsa-Front_Center.wav"],
  ["Three", "real-audio/alsa-Noise.wav"],
] as const;

beforeAll(async () => {
  owner = await signUp(live.server);
  const ids: string[] = [];
  for (const [title, original] of TRACKS) {
    const id = await createTrack(live.server, owner.token, {
      original,
      data: { title, primaryArtistName: "Nova Drift", isPublic: true },
    });
    await waitForProcessing(live.server, owner.token, id);
    ids.push(id);
  }
  const secret = await uploadTiny(live.server, owner, { title: "Secret Demo", primaryArtistName: "Nova Drift", isPublic: false });
  await waitForProcessing(live.server, owner.token, secret);
  const [two, one, three] = ids as [string, string, string];
  const made = await call<Album>(live.server, "POST", "/albums", {
    token: owner.token,
    body: {
      title: "Tidal Memory",
      trackIds: [two, one, secret, three],
      isPublic: true,
      releaseDate: "2024",
      releaseDatePrecision: "YEAR",
    },
  });
  albumId = made.body.id;
  const hidden = await call<Album>(live.server, "POST", "/albums", {
    token: owner.token,
    body: { title: "Demos", trackIds: [], isPublic: false },
  });
  privateAlbumId = hidden.body.id;
  if (made.status !== 201 || hidden.status !== 201) throw new Error(`albums not made: ${made.status}, ${hidden.status}`);
});

const trackTitles = (page: Page) =>
  page
    .getByRole("list", { name: "Tracks" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.textContent));

describe("the album page", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    test(`at ${viewport.width} px a visitor without JavaScript reads it: its facts and public tracks in order`, async () => {
      const { context, page } = await live.openPage(`/album/${albumId}`, null, { viewport, javaScriptEnabled: false });
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tidal Memory");
      expect(await page.locator(".album-facts").textContent()).toContain("Released 2024");
      expect(await page.locator(".album-facts").textContent()).toContain("3 tracks");
      expect(await trackTitles(page)).toEqual(["Two", "One", "Three"]);
      expect(await page.content()).not.toContain("Secret Demo");
      expect(await page.getByRole("link", { name: "Nova Drift" }).getAttribute("href")).toBe(`/u/${owner.user.username}`);
      expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("music.album");
      // Nothing overflows the narrow screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    });
  }

  test("a track's page says where it is on the album, linking it", async () => {
    const { context, page } = await live.openPage(`/album/${albumId}`, null);
    await page.getByRole("link", { name: "One", exact: true }).click();
    await page.waitForURL(/\/track\//);
    const line = page.locator(".track-album");
    await line.waitFor();
    expect(await line.textContent()).toBe("Track 2 of 3 on Tidal Memory");
    await line.getByRole("link", { name: "Tidal Memory" }).click();
    await page.waitForURL(new RegExp(`/album/${albumId}$`));
    await context.close();
  });

  test("the artist's page lists the album above their tracks, and a new one at the next visit", async () => {
    const { context, page } = await live.openPage(`/u/${owner.user.username}`, null, { javaScriptEnabled: false });
    const albums = page.getByRole("region", { name: "Albums" });
    expect(await albums.getByRole("link").evaluateAll((links) => links.map((link) => link.textContent))).toEqual([
      "Tidal Memory",
    ]);
    expect(await albums.textContent()).toContain("2024 · 3 tracks");
    const made = await call<Album>(live.server, "POST", "/albums", {
      token: owner.token,
      body: { title: "Second Wave", trackIds: [], isPublic: true },
    });
    await page.reload();
    expect(await albums.getByRole("link").evaluateAll((links) => links.map((link) => link.textContent))).toEqual([
      "Second Wave",
      "Tidal Memory",
    ]);
    await call(live.server, "DELETE", `/albums/${made.body.id}`, { token: owner.token });
    await context.close();
  });

  test("its owner sees the private track in its place", async () => {
    const { context, page } = await live.openPage(`/album/${albumId}`, owner.token);
    expect(await trackTitles(page)).toEqual(["Two", "One", "Secret Demo", "Three"]);
    await context.close();
  });

  test("'Play all' plays it in album order through the queue", async () => {
    const { context, page } = await live.openPage(`/album/${albumId}`, null, { viewport: { width: 1280, height: 900 } });
    await hydrated(page);
    await page.getByRole("button", { name: "Play all" }).click();
    const bar = page.getByRole("region", { name: "Player" });
    await bar.getByRole("link", { name: "Two", exact: true }).waitFor();
    await bar.getByRole("button", { name: "Queue" }).click();
    const panel = page.getByRole("region", { name: "Queue" });
    await panel.waitFor();
    expect(await panel.textContent()).toContain("Tidal Memory");
    await page.waitForFunction(() =>
      ["One", "Three"].every((title) =>
        [...document.querySelectorAll(".queue-title")].some((node) => node.firstChild?.textContent?.trim() === title),
      ),
    );
    await context.close();
  });

  test("a private album is its owner's: anyone else gets a real 404, as for an album that never was", async () => {
    const { context, page } = await live.openPage(`/album/${privateAlbumId}`, owner.token);
    expect(await page.locator(".album-kind").textContent()).toBe("Private album");
    await context.close();
    const stranger = await signUp(live.server);
    for (const [token, id] of [
      [null, privateAlbumId],
      [stranger.token, privateAlbumId],
      [null, "no-such-album"],
    ] as const) {
      const visit = await live.openPage(`/album/${id}`, token);
      const response = await visit.page.request.get(visit.page.url());
      expect(response.status()).toBe(404);
      expect(await visit.page.getByText("Album not found").count()).toBeGreaterThan(0);
      expect(await visit.page.content()).not.toContain("Demos");
      await visit.context.close();
    }
  });
});

describe("making and editing an album", () => {
  let maker: Session;
  beforeAll(async () => {
    maker = await signUp(live.server);
    for (const title of ["Alpha", "Beta", "Gamma"]) {
      const id = await uploadTiny(live.server, maker, { title, primaryArtistName: "Maker", isPublic: true });
      await waitForProcessing(live.server, maker.token, id);
    }
  });

  test("My Albums makes one; its page adds, orders (by keyboard), removes and saves tracks; the list shows it", async () => {
    const { context, page } = await live.openPage("/my-tracks/albums", maker.token, { viewport: { width: 1280, height: 900 } });
    await hydrated(page);
    await page.getByText("No albums yet").waitFor();
    const form = page.getByRole("form", { name: "New album" });
    await form.getByLabel("Album title").fill("First Light");
    await form.getByLabel("Public").uncheck();
    await form.getByRole("button", { name: "New album" }).click();
    await page.waitForURL(/\/album\/[0-9a-f-]{36}$/);
    expect(await page.locator(".album-kind").textContent()).toBe("Private album");
    await hydrated(page);

    await page.getByRole("button", { name: "Edit album" }).click();
    const editor = page.getByRole("form", { name: "Edit album" });
    const add = editor.getByLabel("Add a track");
    for (const title of ["Gamma", "Alpha", "Beta"]) {
      await add.locator("option", { hasText: title }).waitFor({ state: "attached" });
      await add.selectOption({ label: title });
      await editor.getByRole("button", { name: "Add", exact: true }).click();
    }
    // Alpha to the top with the keyboard, Beta off the album.
    await editor.getByRole("button", { name: "Move Alpha up" }).focus();
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Remove Beta" }).click();
    expect(await editor.getByRole("list", { name: "Album tracks" }).locator("li span").allTextContents()).toEqual([
      "Alpha",
      "Gamma",
    ]);
    await editor.getByLabel("Description").fill("Early morning sketches.");
    const reloaded = page.waitForEvent("load");
    await editor.getByRole("button", { name: "Save album" }).click();
    await reloaded;
    expect(await page.locator(".album-description").textContent()).toBe("Early morning sketches.");
    expect(await trackTitles(page)).toEqual(["Alpha", "Gamma"]);

    await page.goto(`${live.server.url}/my-tracks/albums`);
    const listed = page.getByRole("list", { name: "Your albums" });
    await listed.waitFor();
    expect(await listed.textContent()).toContain("First Light");
    expect(await listed.textContent()).toContain("Private · 2 tracks");
    await context.close();
  });

  test("at 375 px the owner deletes an album, asked first; its tracks stay", async () => {
    const made = await call<Album>(live.server, "POST", "/albums", {
      token: maker.token,
      body: { title: "Throwaway", trackIds: [], isPublic: true },
    });
    const { context, page } = await live.openPage(`/album/${made.body.id}`, maker.token, {
      viewport: { width: 375, height: 800 },
    });
    await hydrated(page);
    await page.getByRole("button", { name: "Edit album" }).click();
    await page.getByRole("button", { name: "Delete album", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Its tracks stay." }).waitFor();
    await page.getByRole("button", { name: "Keep" }).click();
    expect(await page.getByRole("button", { name: "Delete Album", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Delete album", exact: true }).click();
    await page.getByRole("button", { name: "Delete Album", exact: true }).click();
    await page.waitForURL(new RegExp(`/u/${maker.user.username}$`));
    expect((await call(live.server, "GET", `/albums/${made.body.id}`, { token: maker.token })).status).toBe(404);
    await context.close();
  });

  test("another user sees no editor on a public album, and the API refuses them anyway", async () => {
    const made = await call<Album>(live.server, "POST", "/albums", {
      token: maker.token,
      body: { title: "Look Only", trackIds: [], isPublic: true },
    });
    const other = await signUp(live.server);
    const { context, page } = await live.openPage(`/album/${made.body.id}`, other.token);
    await hydrated(page);
    expect(await page.getByRole("button", { name: "Edit album" }).count()).toBe(0);
    expect(
      (await call(live.server, "PATCH", `/albums/${made.body.id}`, { token: other.token, body: { title: "Mine" } })).status,
    ).toBe(403);
    await context.close();
  });
});
