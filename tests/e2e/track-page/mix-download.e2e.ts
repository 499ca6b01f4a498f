/**
 * "Download this mix" in Chromium, on localhost and on a plain-http LAN name: a signed-in listener mixes in synced
 * mode (a mono tone soloed and panned hard left, the issue's case), presses MP3 or WAV under "Download this mix",
 * sees the wait, and gets "Undertow - mix.<format>", which sounds as the mixer did: the tone at its full level on the
 * left, nothing on the right. Visitors are not offered it. At 375 px the stems' Solo and Mute buttons stay on one line.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import type { TrackDetails } from "../../../modules/tracks/model";
import { type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { channelLevelsDb, decodeStereo, SILENT_DB, TONE_LEVEL_DB } from "../../support/mix-levels";
import { ORIGINS, type Origin } from "../../support/origins";
import { screenshotPath } from "../../support/screenshots";
import { TONE_STEMS, uploadToneTrack } from "../../support/tone-stems";
import { seriousViolations } from "../support/axe";
import { wrappedBoxes } from "../support/layout";
import { openSyncMode } from "./fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
let owner: Session;
let listener: Session;
let track: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  listener = await signUp(live.server);
  track = await uploadToneTrack(live.server, owner.token);
});

const stemsSection = (page: Page) => page.getByRole("region", { name: /^Stems/ });
const synced = (page: Page) => stemsSection(page).getByRole("region", { name: "Synced stems" });
const stemRow = (page: Page, name: string) => stemsSection(page).getByRole("listitem", { name });
const mixDownload = (page: Page) => synced(page).getByRole("group", { name: "Download this mix" });

/** The track page in sync mode on `origin`, as `token` (or a visitor), at `viewport`. */
async function openSynced(token: string | null, origin: Origin, viewport = WIDE): Promise<Page> {
  const { page } = await live.openPage(`/track/${track.id}`, token, { origin, viewport });
  await openSyncMode(page);
  return page;
}

/** Presses `key` `times` times on `locator`, as a keyboard user would. */
async function press(locator: Locator, key: string, times: number): Promise<void> {
  await locator.focus();
  for (let i = 0; i < times; i++) await locator.press(key);
}

for (const origin of ORIGINS)
  describe(`Download this mix on ${origin}`, () => {
    test("the mix as heard comes down as MP3 and WAV, named after the track, with a wait shown while it renders", async () => {
      const page = await openSynced(listener.token, origin);
      const pan = stemsSection(page).getByRole("slider", { name: "Tone Pan", exact: true });
      await press(pan, "ArrowLeft", 20);
      expect(await pan.getAttribute("aria-valuetext")).toBe("100 % left");
      await stemRow(page, "Tone").getByRole("button", { name: "Solo" }).click();
      await synced(page).getByText("Solo: Tone", { exact: true }).waitFor();

      for (const format of ["mp3", "wav"] as const) {
        const button = mixDownload(page).getByRole("button", { name: format.toUpperCase(), exact: true });
        const [request, download] = await Promise.all([
          page.waitForRequest((sent) => sent.method() === "POST" && sent.url().endsWith(`/api/track/${track.id}/mix`)),
          page.waitForEvent("download"),
          (async () => {
            await button.click();
            // The render takes a moment: the pressed button says so, and no second click can start another.
            await mixDownload(page)
              .getByRole("button", { name: `Preparing ${format.toUpperCase()}...` })
              .waitFor();
          })(),
        ]);
        const idOf = (name: string) => track.stems.find((stem) => stem.name === name)?.id;
        expect(request.postDataJSON()).toEqual({
          format,
          mix: TONE_STEMS.map((name) => ({
            stemId: idOf(name),
            gainDb: 0,
            pan: name === "Tone" ? -1 : 0,
            muted: name !== "Tone",
          })),
        });
        expect(download.suggestedFilename()).toBe(`Undertow - mix.${format}`);
        const bytes = new Uint8Array(await readFile((await download.path()) as string));
        const [left, right] = channelLevelsDb(decodeStereo(bytes));
        // As the mixer played it: the mono tone at its full level on the left (not 3 dB under), nothing on the right.
        expect(Math.abs(left - TONE_LEVEL_DB)).toBeLessThan(format === "wav" ? 0.01 : 0.5);
        expect(right).toBeLessThan(SILENT_DB);
        await button.waitFor();
        expect(await button.isEnabled()).toBe(true);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    test("the owner is offered it too, a visitor is not; a refusal shows the server's message", async () => {
      const visitor = await openSynced(null, origin);
      await synced(visitor).getByRole("slider", { name: "Master volume" }).waitFor();
      expect(await mixDownload(visitor).count()).toBe(0);
      await visitor.context().close();

      const page = await openSynced(owner.token, origin);
      for (const name of TONE_STEMS) await stemRow(page, name).getByRole("button", { name: "Mute" }).click();
      await mixDownload(page).getByRole("button", { name: "WAV", exact: true }).click();
      await page.getByText(/A mix needs at least one stem that is not muted/).waitFor();
      await page.context().close();
    });

    test("at 375 px the mixer's Solo and Mute read on one line, beside the stem's name", async () => {
      const page = await openSynced(listener.token, origin, NARROW);
      // Muted, each button reads "Unmute", the longest it gets.
      for (const name of TONE_STEMS) await stemRow(page, name).getByRole("button", { name: "Mute" }).click();
      await page.screenshot({ path: screenshotPath(`mix-download-375-${origin}`), fullPage: true });
      for (const name of TONE_STEMS) {
        const row = stemRow(page, name);
        const mute = row.getByRole("button", { name: "Unmute" });
        const solo = row.getByRole("button", { name: "Solo" });
        expect(await wrappedBoxes(row.locator(".stem-row-head > *"))).toEqual([]);
        // One line of text high (padding and border aside), and on the row of the name, not pushed under it.
        const [muteBox, soloBox, nameBox] = await Promise.all(
          [mute, solo, row.locator("strong")].map((box) => box.boundingBox()),
        );
        const lineHeight = await mute.evaluate((button) => {
          const style = getComputedStyle(button);
          const chrome = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"] as const;
          return button.getBoundingClientRect().height - chrome.reduce((sum, side) => sum + Number.parseFloat(style[side]), 0);
        });
        expect(lineHeight).toBeLessThan(
          1.6 * Number.parseFloat(await mute.evaluate((button) => getComputedStyle(button).fontSize)),
        );
        expect(Math.abs((muteBox?.y ?? 0) - (soloBox?.y ?? -100))).toBeLessThan(2);
        const middle = (box: typeof nameBox) => (box ? box.y + box.height / 2 : Number.NaN);
        expect(Math.abs(middle(muteBox) - middle(nameBox))).toBeLessThan(4);
      }
      expect(await wrappedBoxes(mixDownload(page).locator(".button, legend"))).toEqual([]);
      await page.context().close();
    });
  });
