import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { call, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { waitForProcessing } from "../../support/uploads";
import { FULL_MIX, openTrackPage, STEM_FILES, uploadTrack, waitForState } from "./fixtures";

setDefaultTimeout(90_000);

const live = setUpServerAndBrowser();
let owner: Awaited<ReturnType<typeof signUp>>;
let trackId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  trackId = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES.slice(0, 2) });
  await waitForProcessing(live.server, owner.token, trackId);
});

const fullTrack = (page: Page) => page.getByRole("group", { name: "Player: Undertow" });
const stemPlayer = (page: Page, name: string) => page.getByRole("group", { name: `Player: ${name}` });
const stateOf = (player: Locator) => player.getAttribute("data-state");

/** The track page once its full-track player is ready to play. */
async function openReadyPlayer(): Promise<{ page: Page; player: Locator }> {
  const page = await openTrackPage(live, trackId);
  const player = fullTrack(page);
  await waitForState(player, "ready");
  return { page, player };
}

async function seconds(player: Locator): Promise<number> {
  return Number(await player.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow"));
}

describe("player", () => {
  test("moves loading → ready → playing ⇄ paused; stop resets with the SPEC titles", async () => {
    const { page, player } = await openReadyPlayer();
    await player.getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    const stop = player.getByRole("button", { name: "Stop Playback" });
    await expect(stop.getAttribute("title")).resolves.toBe("Stop Playback");
    await player.getByRole("button", { name: "Pause" }).click();
    await waitForState(player, "paused");
    await player.getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    await stop.click();
    await waitForState(player, "paused");
    await player.getByRole("button", { name: "Reset to Start" }).waitFor();
    expect(await seconds(player)).toBe(0);
    await page.context().close();
  });

  test("only one track plays at a time: a stem preview pauses the full track and back", async () => {
    const { page, player } = await openReadyPlayer();
    await player.getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    const bass = stemPlayer(page, "Bass");
    await bass.scrollIntoViewIfNeeded();
    await waitForState(bass, "ready");
    await bass.getByRole("button", { name: "Play" }).click();
    await waitForState(bass, "playing");
    await waitForState(player, "paused");
    await player.getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    await waitForState(bass, "paused");
    expect(await stateOf(stemPlayer(page, "Drums"))).toBe("ready");
    await page.context().close();
  });

  test("keyboard: Space toggles play, arrows seek by 5 s; a click on the waveform seeks there", async () => {
    const { page, player } = await openReadyPlayer();
    const seek = player.getByRole("slider", { name: "Seek" });
    const box = await seek.boundingBox();
    if (!box) throw new Error("no waveform box");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction((element) => Number(element?.getAttribute("aria-valuenow")) >= 29, await seek.elementHandle());
    expect(await seconds(player)).toBeLessThanOrEqual(31);
    await seek.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction((element) => Number(element?.getAttribute("aria-valuenow")) <= 21, await seek.elementHandle());
    await page.keyboard.press("Space");
    await waitForState(player, "playing");
    await page.keyboard.press("Space");
    await waitForState(player, "paused");
    await page.keyboard.press("ArrowRight");
    // The slider tells the seek once the player has made it: wait for it, as for the clicks above.
    await page.waitForFunction((element) => Number(element?.getAttribute("aria-valuenow")) >= 24, await seek.elementHandle());
    expect(await seconds(player)).toBeLessThanOrEqual(27);
    await page.context().close();
  });

  test("records one play after 5 s of listening (once per hour) and fills the Media Session", async () => {
    const page = await openTrackPage(live, trackId);
    const usagePosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/track/${trackId}/usage`))
        usagePosts.push(request.postData() ?? "");
    });
    const player = fullTrack(page);
    const playsShown = page.locator('dt:text-is("Plays") + dd');
    expect(await playsShown.textContent()).toBe("0");
    await waitForState(player, "ready");
    await player.getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe("Undertow");
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe("Nova Drift");
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, `stemma:plays:last:${trackId}`, { timeout: 15_000 });
    await player.getByRole("button", { name: "Pause" }).click();
    expect(usagePosts).toHaveLength(1);
    expect(JSON.parse(usagePosts[0] as string)).toMatchObject({ eventType: "PLAY", playbackSource: "STREAM" });
    let plays = 0;
    for (let attempt = 0; attempt < 50 && plays === 0; attempt++) {
      plays = (await call<{ totalPlays: number }>(live.server, "GET", `/track/${trackId}`)).body.totalPlays;
      if (plays === 0) await Bun.sleep(100);
    }
    expect(plays).toBe(1);
    // The page's own figure rose with the counted play, without a reload.
    await page.waitForFunction((element) => element?.textContent === "1", await playsShown.elementHandle());
    // A reload within the hour: listening again sends nothing (the last-play time is in localStorage).
    await page.reload();
    await waitForState(fullTrack(page), "ready");
    expect(await playsShown.textContent()).toBe("1");
    await fullTrack(page).getByRole("button", { name: "Play" }).click();
    const slider = await fullTrack(page).getByRole("slider").elementHandle();
    await page.waitForFunction((element) => Number(element?.getAttribute("aria-valuenow")) >= 6, slider, { timeout: 15_000 });
    expect(usagePosts).toHaveLength(1);
    expect(await playsShown.textContent()).toBe("1");
    await page.context().close();
  });
});
