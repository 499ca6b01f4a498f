/**
 * Synced mode's mixer in real Chromium: faders and pans moved with the keyboard reach
 * the AudioParams of the page's own graph, and hold across seek, pause, stop and play; solo and mute show
 * (pressed buttons, dimmed rows, a line saying what is heard); "Fork with this mix" sends the mix as heard.
 * The graph is read through audio-graph-probe.ts; the streaming fallback is forced by reporting a tiny
 * device memory, so its <audio> elements are checked to play through the same mixer. Layout and axe at
 * 1280 and 375 px.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import type { TrackDetails } from "../../../modules/tracks/model";
import { call, type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { screenshotPath } from "../../support/screenshots";
import { signedInPage } from "../../support/signed-in-page";
import { waitForProcessing } from "../../support/uploads";
import { seriousViolations } from "../support/axe";
import { pageWidths, spillingBoxes, wrappedBoxes } from "../support/layout";
import { type MixerReading, readMixer, recordAudioGraph } from "./audio-graph-probe";
import { FULL_MIX, openSyncMode, STEM_FILES, uploadTrack, waitForState } from "./fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 800 };
let owner: Session;
let forker: Session;
let track: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  const id = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES });
  track = await waitForProcessing(live.server, owner.token, id);
  // readMixer lists the stems in the page's order, which is the upload's.
  expect(track.stems.map((stem) => stem.name)).toEqual(STEM_FILES.map((stem) => stem.name));
});

const stemsSection = (page: Page) => page.getByRole("region", { name: /^Stems/ });
const synced = (page: Page) => stemsSection(page).getByRole("region", { name: "Synced stems" });
const stemRow = (page: Page, name: string) => stemsSection(page).getByRole("listitem", { name });
const slider = (page: Page, name: string) => stemsSection(page).getByRole("slider", { name, exact: true });
const valueText = (locator: Locator) => locator.getAttribute("aria-valuetext");
const heard = (page: Page) => synced(page).getByRole("status");
const silentRows = (page: Page) =>
  stemsSection(page)
    .locator(".stem-row-silent")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label")));

/** The track page in sync mode, its audio graph recorded, as `token` (or a visitor), at `viewport`. */
async function openSynced(
  token: string | null,
  viewport: { width: number; height: number },
  options: { streaming?: boolean; trackId?: string } = {},
): Promise<Page> {
  const { context, page } = await signedInPage(live.browser, token, { viewport });
  await context.addInitScript(recordAudioGraph);
  // A device this small cannot hold the decoded stems (sync-engine.ts planDecoding): they stream instead.
  if (options.streaming)
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "deviceMemory", { get: () => 0.001 }));
  await page.goto(`${live.server.url}/track/${options.trackId ?? track.id}`);
  await openSyncMode(page);
  return page;
}

/** Presses `key` `times` times on `locator`, as a keyboard user would. */
async function press(locator: Locator, key: string, times: number): Promise<void> {
  await locator.focus();
  for (let i = 0; i < times; i++) await locator.press(key);
}

const near = (actual: number, expected: number) => Math.abs(actual - expected) < 0.005;

/**
 * Waits until the mixer's AudioParams read as `expected` (fader and pan moves glide, so they get there
 * within a few hundredths of a second); `expected.stems` lists the stems to check by index.
 */
async function waitForMixer(
  page: Page,
  expected: {
    master?: number;
    stems: Record<number, Partial<Pick<MixerReading["stems"][number], "fader" | "left" | "right" | "audible">>>;
  },
): Promise<MixerReading> {
  let last: MixerReading | null = null;
  for (let attempt = 0; attempt < 50; attempt++) {
    last = await page.evaluate(readMixer);
    const reading = last;
    const matches =
      reading !== null &&
      (expected.master === undefined || near(reading.master, expected.master)) &&
      Object.entries(expected.stems).every(([index, want]) => {
        const stem = reading.stems[Number(index)];
        return !!stem && Object.entries(want).every(([param, value]) => near(stem[param as "fader"], value as number));
      });
    if (matches) return reading;
    await Bun.sleep(100);
  }
  throw new Error(`the mixer never read ${JSON.stringify(expected)}; last ${JSON.stringify(last)}`);
}

/** Bass −6 dB and 30 % left, master −3 dB, moved with the keyboard; checks what each control says. */
async function mixWithKeyboard(page: Page): Promise<void> {
  const bassVolume = slider(page, "Bass Volume");
  await press(bassVolume, "ArrowLeft", 6);
  expect(await valueText(bassVolume)).toBe("\u22126 dB");
  const bassPan = slider(page, "Bass Pan");
  await press(bassPan, "ArrowLeft", 6);
  expect(await valueText(bassPan)).toBe("30 % left");
  const master = slider(page, "Master volume");
  await press(master, "ArrowDown", 3);
  expect(await valueText(master)).toBe("\u22123 dB");
}

/** −6 dB, and 30 % left: a balance, so the right side is turned down by 30 % and the left kept (stem-mix.ts). */
const BASS_MIXED = { fader: 10 ** (-6 / 20), left: 1, right: 0.7, audible: 1 };
const UNITY = { fader: 1, left: 1, right: 1, audible: 1 };
const MASTER_MIXED = 10 ** (-3 / 20);

describe("the synced-mode mixer", () => {
  test("keyboard faders and pan reach the graph and hold across seek, pause, stop and play", async () => {
    const page = await openSynced(null, WIDE);
    await mixWithKeyboard(page);
    await stemsSection(page).getByRole("button", { name: "Play All" }).click();
    await waitForState(synced(page), "playing");
    const playing = await waitForMixer(page, { master: MASTER_MIXED, stems: { 0: BASS_MIXED, 1: UNITY, 2: UNITY, 3: UNITY } });
    expect(playing.stems.every((stem) => stem.sources.includes("AudioBufferSourceNode"))).toBe(true);
    const sourcesBefore = playing.stems[0]?.sources.length ?? 0;

    // A seek (a click half way along a waveform) starts new sources into the same mixer.
    const wave = stemRow(page, "Drums").locator(".player-wave");
    const box = await wave.boundingBox();
    if (!box) throw new Error("the Drums waveform has no box");
    await wave.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await synced(page)
      .getByText(/^0:3\d \/ 1:00$/)
      .waitFor();
    const sought = await waitForMixer(page, { master: MASTER_MIXED, stems: { 0: BASS_MIXED, 1: UNITY } });
    expect(sought.stems[0]?.sources.length).toBeGreaterThan(sourcesBefore);

    await stemsSection(page).getByRole("button", { name: "Pause All" }).click();
    await waitForState(synced(page), "ready");
    await waitForMixer(page, { master: MASTER_MIXED, stems: { 0: BASS_MIXED } });
    await stemsSection(page).getByRole("button", { name: "Stop All Tracks" }).click();
    await stemsSection(page).getByRole("button", { name: "Play All" }).click();
    await waitForState(synced(page), "playing");
    await waitForMixer(page, { master: MASTER_MIXED, stems: { 0: BASS_MIXED, 3: UNITY } });
    expect(await valueText(slider(page, "Bass Volume"))).toBe("\u22126 dB");
    expect(await valueText(slider(page, "Bass Pan"))).toBe("30 % left");

    // Back to 0 dB: a double-click on a fader, or the row's Reset for fader and pan together.
    await slider(page, "Master volume").dblclick();
    expect(await valueText(slider(page, "Master volume"))).toBe("0 dB");
    await stemRow(page, "Bass").getByRole("button", { name: "Reset Bass" }).click();
    expect(await valueText(slider(page, "Bass Volume"))).toBe("0 dB");
    expect(await valueText(slider(page, "Bass Pan"))).toBe("Centre");
    await waitForMixer(page, { master: 1, stems: { 0: UNITY } });
    await page.context().close();
  });

  test("solo and mute show: pressed buttons, dimmed rows, what is heard; unmuting returns to the fader", async () => {
    const page = await openSynced(null, WIDE);
    await expect(heard(page).textContent()).resolves.toBe("All stems");
    await press(slider(page, "Vocals Volume"), "ArrowLeft", 12);
    await stemRow(page, "Vocals").getByRole("button", { name: "Mute" }).click();
    await expect(stemRow(page, "Vocals").getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );
    await heard(page).getByText("Muted: Vocals", { exact: true }).waitFor();
    expect(await silentRows(page)).toEqual(["Vocals"]);
    await waitForMixer(page, { stems: { 3: { audible: 0, fader: 10 ** (-12 / 20) } } });
    const vocalsWave = stemRow(page, "Vocals").locator(".player-wave");
    expect(Number(await vocalsWave.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(0.5);

    await stemRow(page, "Drums").getByRole("button", { name: "Solo" }).click();
    await stemRow(page, "Bass").getByRole("button", { name: "Solo" }).click();
    await heard(page).getByText("Solo: Drums, Bass", { exact: true }).waitFor();
    expect(await silentRows(page)).toEqual(["Synth", "Vocals"]);
    await waitForMixer(page, { stems: { 0: { audible: 1 }, 1: { audible: 1 }, 2: { audible: 0 }, 3: { audible: 0 } } });
    await page.screenshot({ path: screenshotPath("mixer-solo-1280"), fullPage: true });

    await stemRow(page, "Drums").getByRole("button", { name: "Unsolo" }).click();
    await stemRow(page, "Bass").getByRole("button", { name: "Unsolo" }).click();
    await heard(page).getByText("Muted: Vocals", { exact: true }).waitFor();
    await stemRow(page, "Vocals").getByRole("button", { name: "Unmute" }).click();
    await heard(page).getByText("All stems", { exact: true }).waitFor();
    expect(await silentRows(page)).toEqual([]);
    // The fader was kept apart from mute: Vocals comes back at −12 dB, not at 0 dB.
    await waitForMixer(page, { stems: { 2: UNITY, 3: { audible: 1, fader: 10 ** (-12 / 20) } } });
    await page.context().close();
  });

  test("a fork made with a mix opens at that mix, so sync mode sounds like its full track", async () => {
    const stemId = (name: string) => track.stems.find((stem) => stem.name === name)?.id;
    const mix = [
      { stemId: stemId("Bass"), gainDb: -6, pan: -0.3, muted: false },
      { stemId: stemId("Vocals"), gainDb: 0, pan: 0, muted: true },
    ];
    const made = await call<{ id: string }>(live.server, "POST", `/track/${track.id}/fork`, {
      token: forker.token,
      body: { title: "Night mix", isPublic: true, mix },
    });
    expect(made.status).toBe(201);
    await waitForProcessing(live.server, forker.token, made.body.id);
    const page = await openSynced(null, WIDE, { trackId: made.body.id });
    expect(await valueText(slider(page, "Bass Volume"))).toBe("\u22126 dB");
    expect(await valueText(slider(page, "Bass Pan"))).toBe("30 % left");
    expect(await valueText(slider(page, "Drums Volume"))).toBe("0 dB");
    await heard(page).getByText("Muted: Vocals", { exact: true }).waitFor();
    await waitForMixer(page, { stems: { 0: BASS_MIXED, 1: UNITY, 3: { audible: 0 } } });
    await page.context().close();
  });

  test("streamed stems (too large to decode) play through the same mixer", async () => {
    const page = await openSynced(null, WIDE, { streaming: true });
    await mixWithKeyboard(page);
    await stemsSection(page).getByRole("button", { name: "Play All" }).click();
    await synced(page)
      .getByText(/^0:0[1-9] \/ 1:00$/)
      .waitFor();
    const reading = await waitForMixer(page, { master: MASTER_MIXED, stems: { 0: BASS_MIXED, 1: UNITY, 2: UNITY, 3: UNITY } });
    expect(reading.stems.map((stem) => stem.sources)).toEqual(Array(4).fill(["MediaElementAudioSourceNode"]));
    await stemsSection(page).getByRole("button", { name: "Pause All" }).click();
    await waitForMixer(page, { master: MASTER_MIXED, stems: { 0: BASS_MIXED } });
    await page.context().close();
  });
});

describe("Fork with this mix", () => {
  test("offered to others signed in, not to the owner nor visitors", async () => {
    for (const token of [null, owner.token]) {
      const page = await openSynced(token, WIDE);
      await slider(page, "Master volume").waitFor();
      expect(await synced(page).getByRole("button", { name: "Fork with this mix" }).count()).toBe(0);
      await page.context().close();
    }
  });

  for (const [width, viewport] of [
    ["1280", WIDE],
    ["375", NARROW],
  ] as const)
    test(`at ${width} px: the dialog lists the mix and the request carries it, solo folded into muted`, async () => {
      const page = await openSynced(forker.token, viewport);
      await mixWithKeyboard(page);
      await stemRow(page, "Vocals").getByRole("button", { name: "Mute" }).click();
      await stemRow(page, "Drums").getByRole("button", { name: "Solo" }).click();
      await stemRow(page, "Bass").getByRole("button", { name: "Solo" }).click();
      await synced(page).getByRole("button", { name: "Fork with this mix" }).click();
      const dialog = page.getByRole("dialog", { name: "Fork Track" });
      await dialog.getByText(/full track will be rendered with this mix/).waitFor();
      for (const line of ["Bass: \u22126 dB, 30 % left", "Drums: 0 dB, Centre", "Synth: muted", "Vocals: muted"])
        await dialog.getByText(line, { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`mixer-fork-dialog-${width}`) });

      const [request, response] = await Promise.all([
        page.waitForRequest((sent) => sent.method() === "POST" && sent.url().endsWith(`/api/track/${track.id}/fork`)),
        page.waitForResponse((answer) => answer.url().endsWith(`/api/track/${track.id}/fork`)),
        dialog.getByRole("button", { name: "Fork", exact: true }).click(),
      ]);
      const idOf = (name: string) => track.stems.find((stem) => stem.name === name)?.id;
      expect(request.postDataJSON()).toEqual({
        title: "Undertow (Fork)",
        description: "",
        isPublic: false,
        mix: [
          { stemId: idOf("Bass"), gainDb: -6, pan: -0.3, muted: false },
          { stemId: idOf("Drums"), gainDb: 0, pan: 0, muted: false },
          { stemId: idOf("Synth"), gainDb: 0, pan: 0, muted: true },
          { stemId: idOf("Vocals"), gainDb: 0, pan: 0, muted: true },
        ],
      });
      expect(response.status()).toBe(201);
      await page.waitForURL((url) => url.pathname.startsWith("/track/") && !url.pathname.endsWith(track.id));
      await page.context().close();
    });

  test("a mix with every stem muted gets the server's refusal in the dialog, and no fork", async () => {
    const page = await openSynced(forker.token, WIDE);
    for (const stem of STEM_FILES) await stemRow(page, stem.name).getByRole("button", { name: "Mute" }).click();
    await heard(page).getByText("No stems", { exact: true }).waitFor();
    await synced(page).getByRole("button", { name: "Fork with this mix" }).click();
    const dialog = page.getByRole("dialog", { name: "Fork Track" });
    await dialog.getByRole("button", { name: "Fork", exact: true }).click();
    await dialog
      .getByRole("alert")
      .getByText(/A mix needs at least one stem that is not muted/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/track/${track.id}`);
    await page.context().close();
  });

  test("the plain Fork still sends no mix", async () => {
    const { context, page } = await signedInPage(live.browser, forker.token, { viewport: WIDE });
    await page.goto(`${live.server.url}/track/${track.id}`);
    await page.waitForFunction(() => !document.querySelector('astro-island[component-url*="ForkPanel"][ssr]'));
    await page.getByRole("button", { name: "Fork", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Fork Track" });
    expect(await dialog.getByText(/rendered with this mix/).count()).toBe(0);
    const [request] = await Promise.all([
      page.waitForRequest((sent) => sent.method() === "POST" && sent.url().endsWith("/fork")),
      dialog.getByRole("button", { name: "Fork", exact: true }).click(),
    ]);
    expect(request.postDataJSON()).not.toHaveProperty("mix");
    await context.close();
  });
});

describe("layout", () => {
  for (const [width, viewport] of [
    ["1280", WIDE],
    ["375", NARROW],
  ] as const)
    test(`at ${width} px in grid and list: nothing spills, labels stay on one line, axe finds nothing serious`, async () => {
      const page = await openSynced(forker.token, viewport);
      await stemRow(page, "Vocals").getByRole("button", { name: "Mute" }).click();
      for (const layout of ["Grid", "List"]) {
        await stemsSection(page).getByRole("button", { name: layout }).click();
        expect(await spillingBoxes(stemsSection(page))).toEqual([]);
        const widths = await pageWidths(page);
        expect(widths.page).toBeLessThanOrEqual(widths.screen);
        // Each label, value and button reads on one line: nothing wraps inside "Master volume", "30 % left" and the like.
        const wrapped = await wrappedBoxes(
          stemsSection(page).locator(
            ".mixer-slider label, .mixer-value, .synced-heard, .stem-mixer .button, .synced-mix .button",
          ),
        );
        expect(wrapped).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(`mixer-${layout.toLowerCase()}-${width}`), fullPage: true });
      }
      await page.context().close();
    });
});
