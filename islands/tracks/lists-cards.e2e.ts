/**
 * Cards over real uploads (0.25 s corpus WAVs through POST /api/track): infinite scroll, sorting,
 * the licence tooltip, the activity text, shift-range selection both ways and the delete dialog.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { hydrated } from "../../tests/e2e/support/hydrated";
import { horizontalBox, pageWidths, spillingBoxes } from "../../tests/e2e/support/layout";
import { type Session, signUp } from "../../tests/support/api";
import { setUpServerAndBrowser } from "../../tests/support/lifecycle";
import { screenshotPath } from "../../tests/support/screenshots";
import { signedInPage } from "../../tests/support/signed-in-page";
import { createTrack, uploadTiny } from "../../tests/support/uploads";

const live = setUpServerAndBrowser();
let owner: Session;
let other: Session;
const TRACK_COUNT = 23; // more than one page of 20

beforeAll(async () => {
  await signUp(live.server); // the admin
  owner = await signUp(live.server);
  other = await signUp(live.server);
  for (let n = 0; n < TRACK_COUNT; n++)
    await uploadTiny(live.server, owner, { title: `Track ${String(n).padStart(2, "0")}`, primaryArtistName: `Artist ${n % 5}` });
}, 120_000);

const cards = (page: import("playwright-core").Page) => page.getByRole("article");

describe("home list", () => {
  test("infinite scroll loads the next page when 'Loading more...' comes into view", async () => {
    const { context, page } = await live.openPage("/", null);
    await page.getByRole("heading", { name: "Public Tracks" }).waitFor();
    await cards(page).nth(19).waitFor();
    expect(await cards(page).count()).toBe(20);
    await page.getByText("Loading more...").scrollIntoViewIfNeeded();
    await cards(page)
      .nth(TRACK_COUNT - 1)
      .waitFor();
    expect(await cards(page).count()).toBe(TRACK_COUNT);
    expect(await page.getByText("Loading more...").count()).toBe(0);
    await context.close();
  });

  test("sorting by Title A-Z reorders the cards", async () => {
    const { context, page } = await live.openPage("/", null);
    await cards(page).first().waitFor();
    await hydrated(page);
    expect(
      await page
        .getByRole("link", { name: /^Track \d+$/ })
        .first()
        .textContent(),
    ).toBe(`Track ${TRACK_COUNT - 1}`);
    await page.getByLabel("Sort by").selectOption("titleAsc");
    await page.waitForFunction(() => document.querySelector(".card-title")?.textContent === "Track 00");
    await page.getByLabel("Sort by").selectOption("titleDesc");
    await page.waitForFunction((last) => document.querySelector(".card-title")?.textContent === last, `Track ${TRACK_COUNT - 1}`);
    await context.close();
  });

  test("a card shows the activity text, ownership and a licence tooltip fetched on opening", async () => {
    const { context, page } = await signedInPage(live.browser, other.token);
    let licenseCalls = 0;
    page.on("request", (request) => {
      if (/\/api\/licenses\/[^/?]+/.test(request.url())) licenseCalls++;
    });
    await page.goto(`${live.server.url}/`);
    // The server's public cards give way to the available list once the token is known.
    await page.getByRole("heading", { name: "Available Tracks" }).waitFor();
    const card = cards(page).first();
    await card.waitFor();
    // No plays or downloads: no bars and no stand-in mark, but the SPEC §4 text is there for screen readers.
    await card.getByText("Activity: No plays or downloads yet").waitFor({ state: "attached" });
    expect(await card.getByRole("img", { name: /^Activity/ }).count()).toBe(0);
    const drawnMarks = await card.evaluate((element) =>
      [...element.querySelectorAll("*")].flatMap((child) =>
        ["::before", "::after"].map((pseudo) => getComputedStyle(child, pseudo).content).filter((content) => content !== "none"),
      ),
    );
    expect(drawnMarks).toEqual([]);
    // Another's track: the uploader icon is a link to their page.
    const uploader = card.getByRole("link", { name: `Uploaded by ${owner.user.username}` });
    expect(await uploader.getAttribute("href")).toBe(`/u/${owner.user.username}`);
    expect(licenseCalls).toBe(0);
    await card.getByRole("button", { name: /License: / }).click();
    const tooltip = card.getByRole("tooltip");
    await tooltip.waitFor();
    await tooltip
      .getByText("Loading...")
      .or(tooltip.getByText(/All Rights Reserved|Creative Commons/))
      .first()
      .waitFor();
    await tooltip
      .getByText(/All Rights Reserved|Creative Commons/)
      .first()
      .waitFor();
    expect(licenseCalls).toBe(1);
    await context.close();
  });
});

describe("long names", () => {
  // One token, no spaces (QA found 108 characters breaking cards): nothing may run past its card.
  const artist = `Artist${"x".repeat(102)}`;
  const title = `Title${"y".repeat(80)}`;
  const genre = `genre${"z".repeat(45)}`;
  const spacedTitle = "An Extraordinarily Long Track Title That Never Seems To End At All";
  beforeAll(async () => {
    await uploadTiny(live.server, owner, {
      title: spacedTitle,
      primaryArtistName: "Someone With A Very Long Artist Name Indeed",
    });
    await createTrack(live.server, owner.token, {
      original: "bad/CON.wav",
      data: { title, primaryArtistName: artist, genreNames: [genre] },
    });
  });

  test("at 1280px the card keeps a one-token title, artist and genre inside itself (ellipsis)", async () => {
    const { context, page } = await live.openPage("/my-tracks/authored", owner.token, { viewport: { width: 1280, height: 900 } });
    const card = page.getByRole("article", { name: title });
    await card.waitFor();
    expect(await spillingBoxes(card)).toEqual([]);
    const cardBox = await horizontalBox(card);
    const artistBox = await horizontalBox(card.getByText(artist));
    expect(artistBox.right).toBeLessThanOrEqual(cardBox.right);
    // The artist line stops before the ⋯ button rather than running under it.
    expect(artistBox.right).toBeLessThanOrEqual((await horizontalBox(card.getByRole("button", { name: /^Actions for/ }))).left);
    await context.close();
  });

  test("on a 375px screen the cards fit: nothing scrolls sideways, nothing runs under the ⋯ button", async () => {
    for (const [path, shot] of [
      ["/", "cards-375-home"],
      ["/my-tracks/authored", "cards-375-my-tracks"],
    ] as const) {
      const { context, page } = await live.openPage(path, owner.token, { viewport: { width: 375, height: 740 } });
      // Home's server-rendered public cards give way to the available list once the token is known.
      if (path === "/") await page.getByRole("heading", { name: "Available Tracks" }).waitFor();
      const card = page.getByRole("article", { name: title });
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(shot) });
      const widths = await pageWidths(page);
      expect(widths.page).toBe(widths.screen);
      expect(await spillingBoxes(card)).toEqual([]);
      expect(await spillingBoxes(page.getByRole("article", { name: spacedTitle }))).toEqual([]);
      const menu = card.getByRole("button", { name: /^Actions for/ });
      if (path !== "/")
        expect((await horizontalBox(card.getByText(artist))).right).toBeLessThanOrEqual((await horizontalBox(menu)).left);
      await context.close();
    }
  });
});

describe("my tracks", () => {
  test("shift-click selects a range downwards and deselects it upwards; the bar counts and cancels", async () => {
    const { context, page } = await live.openPage("/my-tracks/authored", owner.token);
    const boxes = page.getByRole("checkbox");
    await boxes.nth(5).waitFor();
    await boxes.nth(1).click();
    await boxes.nth(4).click({ modifiers: ["Shift"] });
    await page.getByText("4 tracks selected").waitFor();
    for (const n of [1, 2, 3, 4]) expect(await boxes.nth(n).isChecked()).toBe(true);
    // From card 4 back up to card 2, which is selected: the range is deselected.
    await boxes.nth(2).click({ modifiers: ["Shift"] });
    await page.getByText("1 track selected").waitFor();
    expect(await boxes.nth(1).isChecked()).toBe(true);
    for (const n of [2, 3, 4]) expect(await boxes.nth(n).isChecked()).toBe(false);
    await page.getByRole("region", { name: "Selection" }).getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByRole("region", { name: "Selection" }).count()).toBe(0);
    await context.close();
  });

  test("delete from the menu asks first; Cancel keeps the track, Delete removes it", async () => {
    const { context, page } = await live.openPage("/my-tracks/authored", owner.token);
    const first = cards(page).first();
    await first.waitFor();
    const title = (await first.getByRole("link").first().textContent()) as string;
    await first.getByRole("button", { name: `Actions for ${title}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Track" });
    await dialog.getByText("Are you sure you want to delete this track? This action cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByRole("article", { name: title }).count()).toBe(1);
    await first.getByRole("button", { name: `Actions for ${title}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("article", { name: title }).waitFor({ state: "detached" });
    // Gone for good: a reload does not bring it back.
    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.getByRole("article", { name: title }).count()).toBe(0);
    await context.close();
  });

  test("delete from the selection bar removes every selected track", async () => {
    const { context, page } = await live.openPage("/my-tracks/authored", owner.token);
    await cards(page).nth(2).waitFor();
    const before = await cards(page).count();
    await page.getByRole("checkbox").nth(0).click();
    await page.getByRole("checkbox").nth(1).click();
    await page.getByRole("checkbox").nth(2).click();
    await page.getByRole("region", { name: "Selection" }).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Track" });
    await dialog.getByText("Are you sure you want to delete these 3 tracks? This action cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.waitForFunction((count) => document.querySelectorAll("article").length === count, before - 3);
    await context.close();
  });
});
