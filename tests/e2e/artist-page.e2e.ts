/**
 * An artist's page, /u/{username}, in Chromium at 1280 and 375 px, with and without JavaScript: reached from a card's
 * uploader link and from a track page's "Uploaded by"; it shows the display name, bio, avatar initial and counts, the
 * artist's public tracks (never a private one) with the list sorts, and a Forks tab. Another letter case goes to the
 * artist's own spelling; an unknown artist is the 404 page; an edit of the profile shows at once, kept page or not.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { uploadTiny, waitForProcessing } from "../support/uploads";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
let artist: Session;
let visitorToken: string;

beforeAll(async () => {
  await signUp(live.server); // the admin
  artist = await signUp(live.server);
  visitorToken = (await signUp(live.server)).token;
  for (const title of ["Alpha", "Beta"]) {
    const id = await uploadTiny(live.server, artist, { title, isPublic: true });
    await waitForProcessing(live.server, artist.token, id);
  }
  await uploadTiny(live.server, artist, { title: "Hidden demo", isPublic: false });
  await call(live.server, "PATCH", "/auth/me", {
    token: artist.token,
    body: { displayName: "Ada Artist", bio: "Loops and stems." },
  });
});

const cardTitles = (page: Page) => page.locator("article.track-card .card-title").allTextContents();

describe("an artist's page", () => {
  for (const [width, viewport] of [
    ["1280", WIDE],
    ["375", NARROW],
  ] as const) {
    test(`at ${width} px: from a card's uploader link, with the profile, counts and public tracks`, async () => {
      const { page } = await live.openPage("/", visitorToken, { viewport });
      await hydrated(page);
      await page
        .getByRole("link", { name: `Uploaded by ${artist.user.username}` })
        .first()
        .click();
      await page.waitForURL(`${live.server.url}/u/${artist.user.username}`);
      await page.getByRole("heading", { name: "Ada Artist", level: 1 }).waitFor();
      await page.getByText("Loops and stems.").waitFor();
      await page.getByText(`@${artist.user.username}`).waitFor();
      expect(await page.getByRole("list", { name: "Counts" }).getByRole("listitem").allTextContents()).toEqual([
        "2 tracks",
        "0 forks",
        "0 plays",
        "0 following",
      ]);
      await page.getByText("0 followers").waitFor();
      expect((await cardTitles(page)).sort()).toEqual(["Alpha", "Beta"]);
      // Nothing runs off the narrow screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByLabel("Sort by").selectOption("titleDesc");
      await page.waitForURL(`${live.server.url}/u/${artist.user.username}?sort=titleDesc`);
      await page.locator("article.track-card .card-title").first().filter({ hasText: "Beta" }).waitFor();
      expect(await cardTitles(page)).toEqual(["Beta", "Alpha"]);

      await page.getByRole("navigation", { name: "Artist" }).getByRole("link", { name: "Forks" }).click();
      await page.getByRole("heading", { name: "Their forks" }).waitFor();
      await page.getByRole("heading", { name: "Forks of their tracks" }).waitFor();
      expect(await page.getByText("No tracks found").count()).toBe(2);
    });
  }

  test("a track page's 'Uploaded by' leads there", async () => {
    const { page } = await live.openPage("/", null, { viewport: WIDE });
    await page.getByRole("link", { name: "Alpha" }).click();
    await page.getByRole("link", { name: artist.user.username }).click();
    await page.waitForURL(`${live.server.url}/u/${artist.user.username}`);
    await page.getByRole("heading", { name: "Ada Artist", level: 1 }).waitFor();
  });

  test("without JavaScript: the profile and the tracks are on the page, the tabs are links", async () => {
    const { page } = await live.openPage(`/u/${artist.user.username}`, null, { viewport: WIDE, javaScriptEnabled: false });
    await page.getByRole("heading", { name: "Ada Artist", level: 1 }).waitFor();
    expect((await cardTitles(page)).sort()).toEqual(["Alpha", "Beta"]);
    expect(await page.getByText("Hidden demo").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Forks" }).getAttribute("href")).toBe(`/u/${artist.user.username}?tab=forks`);
    // A link preview finds who the page is about.
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("Ada Artist");
  });

  test("another letter case goes to the artist's spelling; an unknown artist is the 404 page", async () => {
    const moved = await fetch(`${live.server.url}/u/${artist.user.username.toUpperCase()}?tab=forks`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/u/${artist.user.username}?tab=forks`);
    for (const path of ["/u/nobody-at-all", "/u/%ZZ", "/u/a%2Fb"]) {
      const missing = await fetch(`${live.server.url}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Page not found");
    }
  });

  test("a profile edit shows at once, on a page that is kept", async () => {
    const path = `${live.server.url}/u/${artist.user.username}`;
    await fetch(path);
    expect(await (await fetch(path)).text()).toContain("Loops and stems.");
    await call(live.server, "PATCH", "/auth/me", { token: artist.token, body: { bio: "Now with field recordings." } });
    const page = await (await fetch(path)).text();
    expect(page).toContain("Now with field recordings.");
    expect(page).not.toContain("Loops and stems.");
  });
});
