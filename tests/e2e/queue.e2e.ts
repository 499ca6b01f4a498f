/**
 * Issue 40 B: a queue. "Play all" plays a list through; cards offer "Play next" and "Add to queue"; the queue panel
 * removes and reorders; a track ending starts the next; the keyboard and the Media Session drive it; a track made
 * private while queued is skipped with a note.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { createTrack, waitForProcessing } from "../support/uploads";
import { hydrated } from "./support/hydrated";
import { FULL_MIX, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let artist: Session;
/**
 * Three short public tracks (1.4, 7.1 and 1.4 s) and a long one, the long one uploaded first: the artist's page lists
 * it last. Two is long enough to be pressed Previous on within its first 3 s.
 */
const SHORT = [
  ["One", "real-audio/alsa-Front_Center.wav"],
  ["Two", "real-audio/pygame-house_lo-u8-11k.wav"],
  ["Three", "real-audio/alsa-Noise.wav"],
] as const;
const ids: Record<string, string> = {};

beforeAll(async () => {
  artist = await signUp(live.server);
  ids.Undertow = await uploadTrack(live.server, artist.token, { original: FULL_MIX, data: { isPublic: true } });
  await waitForProcessing(live.server, artist.token, ids.Undertow);
  for (const [title, original] of SHORT) {
    ids[title] = await createTrack(live.server, artist.token, {
      original,
      data: { title, primaryArtistName: "Nova Drift", isPublic: true },
    });
    await waitForProcessing(live.server, artist.token, ids[title] as string);
  }
});

const bar = (page: Page) => page.getByRole("region", { name: "Player" });
const card = (page: Page, title: string) => page.getByRole("article", { name: title });
/** The bar's title, once it shows `title`. */
const playingTitle = (page: Page, title: string) => bar(page).getByRole("link", { name: title, exact: true }).waitFor();
const queueTitles = (panel: Locator) =>
  panel.locator(".queue-title").evaluateAll((titles) => titles.map((title) => title.firstChild?.textContent?.trim() ?? ""));
/** Waits until the queue panel lists `titles`, in order (each change lands a moment after its click). */
async function queueIs(panel: Locator, titles: string[]): Promise<void> {
  await panel
    .page()
    .waitForFunction(
      (wanted) =>
        JSON.stringify(
          [...document.querySelectorAll(".queue-title")].map((title) => title.firstChild?.textContent?.trim() ?? ""),
        ) === JSON.stringify(wanted),
      titles,
    );
  expect(await queueTitles(panel)).toEqual(titles);
}

async function artistPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const { page } = await live.openPage(`/u/${artist.user.username}`, null, { viewport });
  await hydrated(page);
  return page;
}

/** Plays the long track from its card and waits until it is heard in the bar. */
async function playUndertow(page: Page): Promise<void> {
  await card(page, "Undertow").getByRole("button", { name: "Play", exact: true }).click();
  await playingTitle(page, "Undertow");
  await page.waitForFunction(
    () => Number(document.querySelector<HTMLInputElement>('[aria-label="Playback position"]')?.value) > 0,
  );
}

async function openQueue(page: Page): Promise<Locator> {
  await bar(page).getByRole("button", { name: "Queue" }).click();
  const panel = page.getByRole("region", { name: "Queue" });
  await panel.waitFor();
  return panel;
}

describe("the queue", () => {
  test("'Play all' on an artist's page plays its short tracks one after another, in the list's order", async () => {
    const page = await artistPage();
    const order = await page
      .locator("article.track-card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));
    expect(order).toEqual(["Three", "Two", "One", "Undertow"]);
    await page.getByRole("button", { name: "Play all" }).click();
    for (const title of ["Three", "Two", "One", "Undertow"]) await playingTitle(page, title);
    const panel = await openQueue(page);
    // The page's title names the list: the artist's name (their username until they give one).
    await panel.getByText(`Playing from ${artist.user.username}`).waitFor();
    await page.context().close();
  });

  test("'Play next' and 'Add to queue' wait behind what plays; the panel removes and reorders, by keyboard and drag", async () => {
    const page = await artistPage();
    await playUndertow(page);
    for (const title of ["One", "Two", "Three"]) await card(page, title).getByRole("button", { name: "Add to queue" }).click();
    const panel = await openQueue(page);
    await panel.getByText("Tracks you added").waitFor();
    await queueIs(panel, ["One", "Two", "Three"]);
    // Queuing started nothing: the long track still plays.
    expect(await bar(page).getByRole("link", { name: "Undertow", exact: true }).count()).toBe(1);
    await panel.getByRole("button", { name: "Move Three up" }).click();
    await queueIs(panel, ["One", "Three", "Two"]);
    await panel.locator(".queue-item").nth(0).dragTo(panel.locator(".queue-item").nth(2));
    await queueIs(panel, ["Three", "Two", "One"]);
    await panel.getByRole("button", { name: "Remove Two" }).click();
    await queueIs(panel, ["Three", "One"]);
    await card(page, "Two").getByRole("button", { name: "Play next" }).click();
    await queueIs(panel, ["Two", "Three", "One"]);
    await bar(page).getByRole("button", { name: "Next" }).click();
    await playingTitle(page, "Two");
    await queueIs(panel, ["Three", "One"]);
    // Previous, within 3 s of its start, goes back to the track before.
    await bar(page).getByRole("button", { name: "Previous" }).click();
    await playingTitle(page, "Undertow");
    // A paused track stays the listener's: queuing another starts nothing.
    await bar(page).getByRole("button", { name: "Pause" }).click();
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    await card(page, "One").getByRole("button", { name: "Play next" }).click();
    await queueIs(panel, ["One", "Two", "Three", "One"]);
    expect(await bar(page).getByRole("link", { name: "Undertow", exact: true }).count()).toBe(1);
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    await page.context().close();
  });

  test("with autoplay off an ended track starts nothing; repeat one plays it again", async () => {
    const page = await artistPage();
    await playUndertow(page);
    for (const title of ["One", "Two"]) await card(page, title).getByRole("button", { name: "Add to queue" }).click();
    const panel = await openQueue(page);
    await panel.getByRole("checkbox", { name: "Autoplay" }).uncheck();
    await bar(page).getByRole("button", { name: "Next" }).click();
    await playingTitle(page, "One");
    // One ends (1.4 s) and stays the bar's track, paused: Two waits.
    await bar(page).getByRole("button", { name: "Play" }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await bar(page).getByRole("link", { name: "One", exact: true }).count()).toBe(1);
    await queueIs(panel, ["Two"]);
    await panel.getByRole("button", { name: "Repeat: off" }).click();
    await panel.getByRole("button", { name: "Repeat: all" }).click();
    await panel.getByRole("button", { name: "Repeat: one" }).waitFor();
    await bar(page).getByRole("button", { name: "Play" }).click();
    // Played again from the start, more than once, and still One.
    const restarts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const slider = document.querySelector<HTMLInputElement>('[aria-label="Playback position"]');
          let last = 0;
          let count = 0;
          const timer = setInterval(() => {
            const now = Number(slider?.value);
            if (now < last) count += 1;
            last = now;
          }, 100);
          setTimeout(() => {
            clearInterval(timer);
            resolve(count);
          }, 4_500);
        }),
    );
    expect(restarts).toBeGreaterThanOrEqual(1);
    expect(await bar(page).getByRole("link", { name: "One", exact: true }).count()).toBe(1);
    await page.context().close();
  });

  test("keys: Space, arrows and Shift+arrows drive the bar, '?' lists them, and none fire while typing", async () => {
    const page = await artistPage();
    await playUndertow(page);
    await card(page, "One").getByRole("button", { name: "Add to queue" }).click();
    await page.locator("h1").first().click();
    await page.keyboard.press("Space");
    await bar(page).getByRole("button", { name: "Play" }).waitFor();
    const paused = Number(await bar(page).getByRole("slider", { name: "Playback position" }).inputValue());
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      (from) => Number(document.querySelector<HTMLInputElement>('[aria-label="Playback position"]')?.value) >= from + 4,
      paused,
    );
    await page.keyboard.press("Space");
    await bar(page).getByRole("button", { name: "Pause" }).waitFor();
    // Typing in the search box plays nothing and pauses nothing.
    const search = page.getByRole("searchbox", { name: "Search tracks, stems and artists" });
    await search.fill("");
    await search.pressSequentially("a b");
    await page.waitForTimeout(300);
    await bar(page).getByRole("button", { name: "Pause" }).waitFor();
    await page.locator("h1").first().click();
    await page.keyboard.press("Shift+ArrowRight");
    await playingTitle(page, "One");
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Previous or next in the queue").waitFor();
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });
    await page.context().close();
  });

  test("the Media Session names the track and its next-track action plays the next one", async () => {
    const { context, page } = await live.openPage("/", null);
    await context.addInitScript(() => {
      const handlers: Record<string, () => void> = {};
      Object.assign(window, { mediaHandlers: handlers });
      const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler as () => void;
        set(action, handler);
      };
    });
    await page.goto(`${live.server.url}/u/${artist.user.username}`);
    await hydrated(page);
    await playUndertow(page);
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe("Undertow");
    await card(page, "Two").getByRole("button", { name: "Add to queue" }).click();
    // Queued once the bar's Next can be used (the click reaches the queue a moment later).
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('.player-bar [aria-label="Next"]')?.disabled === false,
    );
    await page.evaluate(() => (window as unknown as { mediaHandlers: Record<string, () => void> }).mediaHandlers.nexttrack?.());
    await playingTitle(page, "Two");
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe("Two");
    await context.close();
  });

  test("a fork tree's 'Play all' plays its forks, and the queue says where they came from", async () => {
    const forker = await signUp(live.server);
    const fork = await call<{ id: string }>(live.server, "POST", `/track/${ids.Undertow}/fork`, {
      token: forker.token,
      body: { title: "Undertow Again", isPublic: true },
    });
    expect(fork.status).toBe(201);
    await waitForProcessing(live.server, forker.token, fork.body.id);
    const { page } = await live.openPage(`/track/${ids.Undertow}`, null);
    await hydrated(page);
    await page.getByRole("button", { name: "View Forks (1)" }).click();
    await page.getByRole("dialog", { name: "Forks" }).getByRole("button", { name: "Play all" }).click();
    await playingTitle(page, "Undertow Again");
    await page.getByRole("dialog", { name: "Forks" }).getByRole("button", { name: "Close" }).click();
    const panel = await openQueue(page);
    await panel.getByText("Playing from Forks of Undertow").waitFor();
    await page.context().close();
  });

  test("a track made private while it waits in the queue is skipped with a note, never played", async () => {
    const page = await artistPage({ width: 375, height: 800 });
    await playUndertow(page);
    await card(page, "Three").getByRole("button", { name: "Add to queue" }).click();
    await card(page, "Two").getByRole("button", { name: "Add to queue" }).click();
    const panel = await openQueue(page);
    await queueIs(panel, ["Three", "Two"]);
    const hidden = await call(live.server, "PATCH", `/track/${ids.Three}/visibility`, {
      token: artist.token,
      body: { isPublic: false },
    });
    expect(hidden.status).toBe(200);
    await bar(page).getByRole("button", { name: "Next" }).click();
    await page.getByText('"Three" is no longer available.').waitFor();
    await playingTitle(page, "Two");
    await call(live.server, "PATCH", `/track/${ids.Three}/visibility`, { token: artist.token, body: { isPublic: true } });
    await page.context().close();
  });
});
