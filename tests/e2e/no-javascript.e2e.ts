/**
 * Pages with JavaScript off (crawlers, link previews, slow phones before scripts arrive): the home
 * list and the track page show their content from the server, in the sort the address asks for,
 * and every control left is a real link or form (nothing disabled forever, no 'Loading...').
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { signedInPage } from "../support/signed-in-page";
import { uploadTiny, waitForProcessing } from "../support/uploads";
import { hydrated } from "./support/hydrated";
import { FULL_MIX, STEM_FILES, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let stemmedId: string;
/** 21 tiny tracks and one with stems: more than the first page of 20. */
const TITLES = Array.from({ length: 21 }, (_, index) => `Tiny ${String(index + 1).padStart(2, "0")}`);

beforeAll(async () => {
  const owner = await signUp(live.server);
  for (const title of TITLES) await uploadTiny(live.server, owner, { title });
  stemmedId = await uploadTrack(live.server, owner.token, {
    original: FULL_MIX,
    stems: STEM_FILES.slice(0, 1),
    data: { title: "Undertow" },
  });
  await waitForProcessing(live.server, owner.token, stemmedId);
});

async function withoutJavaScript(path: string, width = 1280): Promise<Page> {
  const { page } = await live.openPage(path, null, { viewport: { width, height: 900 }, javaScriptEnabled: false });
  return page;
}

const cardTitles = (page: Page) => page.locator("article.track-card .card-title").allTextContents();
/** The buttons a visitor can see: without JavaScript only ones that submit a form may remain. */
const visibleButtons = (page: Page) => page.locator("button:visible").allTextContents();

describe("with JavaScript off", () => {
  test("the home page lists the first 20 public tracks, with Login, a working sort and a 'More tracks' link", async () => {
    const page = await withoutJavaScript("/");
    await page.getByRole("heading", { name: "Public Tracks", level: 1 }).waitFor();
    expect(await page.getByText("Loading...").count()).toBe(0);
    expect(await cardTitles(page)).toHaveLength(20);
    expect((await cardTitles(page))[0]).toBe("Undertow");
    const login = page.getByRole("banner").getByRole("link", { name: "Login" });
    expect(await login.getAttribute("href")).toBe("/login");
    expect(await visibleButtons(page)).toEqual(["Sort"]);

    await page.getByLabel("Sort by").selectOption("titleAsc");
    await page.getByRole("button", { name: "Sort" }).click();
    await page.waitForURL(`${live.server.url}/?sort=titleAsc`);
    expect((await cardTitles(page)).slice(0, 2)).toEqual(["Tiny 01", "Tiny 02"]);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("titleAsc");

    await page.getByRole("link", { name: "More tracks" }).click();
    expect(new URL(page.url()).searchParams.get("sort")).toBe("titleAsc");
    expect(await cardTitles(page)).toEqual(["Tiny 21", "Undertow"]);
    expect(await page.getByRole("link", { name: "More tracks" }).count()).toBe(0);
    await page.context().close();
  });

  test("/?sort=titleDesc renders in that sort on the server", async () => {
    const response = await fetch(`${live.server.url}/?sort=titleDesc`);
    const html = await response.text();
    expect(html.indexOf("Undertow")).toBeGreaterThan(-1);
    expect(html.indexOf("Undertow")).toBeLessThan(html.indexOf("Tiny 21"));
    expect(html.indexOf("Tiny 21")).toBeLessThan(html.indexOf("Tiny 20"));
    expect(response.headers.get("cache-control")).toContain("s-maxage=60");
  });

  test("the track page offers 'Sign in to download' beside every download and Login back to the track", async () => {
    const page = await withoutJavaScript(`/track/${stemmedId}`);
    await page.getByRole("heading", { name: "Undertow" }).waitFor();
    const downloads = page.getByRole("group", { name: /^Download/ });
    expect(await downloads.count()).toBe(2);
    for (const group of await downloads.all()) {
      const link = group.getByRole("link", { name: "Sign in to download" });
      expect(await link.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/track/${stemmedId}`)}`);
    }
    const login = page.getByRole("banner").getByRole("link", { name: "Login" });
    expect(await login.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/track/${stemmedId}`)}`);
    expect(await visibleButtons(page)).toEqual([]);
    // The comments load in the browser: the page says so rather than promising them (text search skips <noscript>).
    const notice = page.locator(".track-page p.comments-noscript");
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toBe("The comments on this track need JavaScript.");
    expect(await page.getByText("Loading comments...").count()).toBe(0);
    await page.context().close();
  });

  test("a signed-in page says it needs JavaScript instead of 'Loading...' forever", async () => {
    for (const path of ["/notifications", "/admin/feature-flags"]) {
      const page = await withoutJavaScript(path);
      // Playwright's text search skips <noscript>; the paragraph is read directly.
      const notice = page.locator("main p.notice");
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain("This page needs JavaScript");
      expect(await page.getByText("Loading...").isVisible()).toBe(false);
      await page.context().close();
    }
    // A page with nothing for visitors is not even rendered: the server sends them to log in (issue 39).
    const upload = await withoutJavaScript("/upload");
    expect(upload.url()).toBe(`${live.server.url}/login?next=${encodeURIComponent("/upload")}`);
    await upload.getByRole("heading", { name: "Login" }).waitFor();
    await upload.context().close();
  });

  test("at 375 px the top bar shows its links instead of a menu button that cannot open", async () => {
    const page = await withoutJavaScript("/", 375);
    const banner = page.getByRole("banner");
    await banner.getByRole("link", { name: "My Tracks" }).waitFor({ state: "visible" });
    expect(await banner.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});

describe("with JavaScript on", () => {
  test("the island keeps the server's page, follows ?sort= and scrolls for more", async () => {
    const { page } = await signedInPage(live.browser, null, { viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    page.on("request", (request) => request.url().includes("/api/tracks/") && requests.push(request.url()));
    await page.goto(`${live.server.url}/?sort=titleAsc`);
    // Signed out, once the session check is done.
    await page.getByRole("banner").getByRole("link", { name: "Login" }).waitFor();
    await hydrated(page);
    expect((await cardTitles(page))[0]).toBe("Tiny 01");
    expect(await page.getByLabel("Sort by").inputValue()).toBe("titleAsc");
    await page.locator(".sentinel").scrollIntoViewIfNeeded();
    await page.getByRole("article", { name: "Undertow" }).waitFor();
    // Only the second page was fetched: the first came with the HTML.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain("cursor=");

    await page.getByLabel("Sort by").selectOption("titleDesc");
    await page.waitForURL(`${live.server.url}/?sort=titleDesc`);
    await page.waitForFunction(() => document.querySelector("article.track-card .card-title")?.textContent === "Undertow");
    await page.context().close();
  });
});
