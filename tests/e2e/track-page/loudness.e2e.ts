import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { gainText } from "../../../islands/player/mix-levels";
import type { TrackDetails } from "../../../modules/tracks/model";
import { type Session, signUp } from "../../support/api";
import { generateAudio } from "../../support/generated-audio";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { signedInPage } from "../../support/signed-in-page";
import { upload, waitForProcessing } from "../../support/uploads";
import { hydrated } from "../support/hydrated";
import { openSyncMode, waitForState } from "./fixtures";
import { speakerLevelDb, tapSpeakers } from "./output-level-probe";

/**
 * Loudness-matched playback (issue 40, C.2), measured from what the players send to the speakers: the same audio
 * 9 dB apart comes out level; a quiet track with a high peak is raised only to its peak; "Match loudness" off plays
 * tracks as mastered, a choice kept for the next page; the embed player matches too.
 */
setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
const folder = mkdtempSync(join(tmpdir(), "stemma-loudness-e2e-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SECONDS = 12;
/** A 1 kHz sine at `amplitude`, plus (for `click`) one short spike to that level 0.1 s in. */
function sineWav(name: string, amplitude: number, click?: number): string {
  const spike = click ? `+${click - amplitude}*gt(t\\,0.1)*lt(t\\,0.1005)` : "";
  const path = join(folder, `${name}.wav`);
  const source = `aevalsrc=${amplitude}*sin(2*PI*1000*t)${spike}:s=48000:d=${SECONDS}:c=stereo`;
  writeFileSync(path, generateAudio(source, ["-c:a", "pcm_s16le", "-f", "wav"]));
  return path;
}

let owner: Session;
const tracks: Record<"loud" | "quiet" | "spiky", TrackDetails> = {} as never;
beforeAll(async () => {
  owner = await signUp(live.server);
  const made = {
    loud: sineWav("loud", 0.5),
    quiet: sineWav("quiet", 0.5 * 10 ** (-9 / 20)),
    // About −29 LUFS, so −14 is 15 dB away, but a spike near 0 dBFS leaves about 1 dB of room, or less.
    spiky: sineWav("spiky", 0.05, 0.89),
  };
  await Promise.all(
    Object.entries(made).map(async ([name, path]) => {
      // The loud track's stem is its own audio: in sync mode the set must sound as the matched track does.
      const stems = name === "loud" ? [{ path, name: "Sine", type: "other" }] : [];
      const res = await upload(live.server, owner, { original: path, stems, data: { title: name, isPublic: true } });
      tracks[name as keyof typeof tracks] = await waitForProcessing(live.server, owner.token, res.body.track.id);
    }),
  );
}, 120_000);

/** One visitor's browser: its pages share this browser's storage, so the "Match loudness" choice carries over. */
async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await signedInPage(live.browser, null, { viewport: { width: 1280, height: 900 } });
  await opened.context.addInitScript(tapSpeakers);
  return opened;
}

/**
 * The loudest of eight readings of the speakers, 250 ms apart, once playback has run for a second. A steady sine
 * reads the same in every window; a window a loaded machine stalled in reads quieter, never louder, so the
 * loudest is the level played.
 */
async function levelOf(page: Page): Promise<number> {
  await page.waitForTimeout(1000);
  const readings: number[] = [];
  for (let i = 0; i < 8; i++) {
    readings.push((await page.evaluate(speakerLevelDb)) as number);
    await page.waitForTimeout(250);
  }
  return Math.max(...readings);
}

/** Plays the track's page player and answers the level it sends to the speakers, then pauses it. */
async function playedLevel(page: Page, track: TrackDetails, path = `/track/${track.id}`): Promise<number> {
  await page.goto(`${live.server.url}${path}`);
  await hydrated(page);
  const player = page.getByRole("group", { name: `Player: ${track.title}` });
  await waitForState(player, "ready");
  await player.getByRole("button", { name: "Play" }).click();
  await waitForState(player, "playing");
  const level = await levelOf(page);
  await player.getByRole("button", { name: "Pause" }).click();
  return level;
}

const matchSwitch = (page: Page) => page.getByRole("checkbox", { name: "Match loudness" });

describe("loudness-matched playback", () => {
  test("the same audio 9 dB apart reaches the speakers level; switched off, 9 dB apart, and it stays off", async () => {
    const { context, page } = await visitor();
    const loud = await playedLevel(page, tracks.loud);
    const quiet = await playedLevel(page, tracks.quiet);
    expect(Math.abs(loud - quiet)).toBeLessThan(1);
    // The quiet sine's peak leaves room: it is raised all the way, by its distance to −14 LUFS.
    await expect(page.locator(".loudness-gain").textContent()).resolves.toBe(
      `${gainText(-14 - (tracks.quiet.loudnessLufs as number))} to −14 LUFS`,
    );

    await matchSwitch(page).uncheck();
    await expect(page.locator(".loudness-gain").textContent()).resolves.toMatch(/^Plays as mastered \(−\d+\.\d LUFS\)$/);
    // The next page of this browser keeps the choice.
    const loudAsMastered = await playedLevel(page, tracks.loud);
    expect(await matchSwitch(page).isChecked()).toBe(false);
    const quietAsMastered = await playedLevel(page, tracks.quiet);
    expect(loudAsMastered - quietAsMastered).toBeGreaterThan(8);
    expect(loudAsMastered - quietAsMastered).toBeLessThan(10);
    // The matched loud track was turned down by what takes it to −14 LUFS.
    const turnedDown = -14 - (tracks.loud.loudnessLufs as number);
    expect(loud - loudAsMastered).toBeGreaterThan(turnedDown - 1);
    expect(loud - loudAsMastered).toBeLessThan(turnedDown + 1);
    await context.close();
  });

  test("a quiet track with a high peak is raised only as far as its true peak allows", async () => {
    const { context, page } = await visitor();
    const { loudnessLufs, truePeakDb } = tracks.spiky as { loudnessLufs: number; truePeakDb: number };
    expect(-14 - loudnessLufs).toBeGreaterThan(10);
    const matched = await playedLevel(page, tracks.spiky);
    await expect(page.locator(".loudness-gain").textContent()).resolves.toBe(`${gainText(-truePeakDb)} to −14 LUFS`);
    await matchSwitch(page).uncheck();
    const asMastered = await playedLevel(page, tracks.spiky);
    expect(matched - asMastered).toBeGreaterThan(-truePeakDb - 0.6);
    expect(matched - asMastered).toBeLessThan(-truePeakDb + 0.6);
    await context.close();
  });

  test("sync mode matches the whole set of stems with its track's one gain", async () => {
    const { context, page } = await visitor();
    const fullTrack = await playedLevel(page, tracks.loud);
    const synced = await openSyncMode(page);
    await synced.getByRole("button", { name: "Play All" }).click();
    expect(Math.abs((await levelOf(page)) - fullTrack)).toBeLessThan(1);
    await context.close();
  });

  test("the embed player matches as the site does", async () => {
    const { context, page } = await visitor();
    const onSite = await playedLevel(page, tracks.loud);
    await page.goto(`${live.server.url}/embed/track/${tracks.quiet.id}`);
    await page.locator(".embed-player[data-state='ready']").waitFor();
    await page.getByRole("button", { name: "Play" }).click();
    await page.locator(".embed-player[data-state='playing']").waitFor();
    expect(Math.abs((await levelOf(page)) - onSite)).toBeLessThan(1);
    await context.close();
  });
});
