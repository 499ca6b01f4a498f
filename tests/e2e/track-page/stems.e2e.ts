import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { TrackDetails } from "../../../modules/tracks/model";
import { signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { waitForProcessing } from "../../support/uploads";
import { FULL_MIX, openTrackPage, STEM_FILES, uploadTrack, waitForState } from "./fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let track: TrackDetails;

beforeAll(async () => {
  const owner = await signUp(live.server);
  const id = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES });
  track = await waitForProcessing(live.server, owner.token, id);
});

const stemsSection = (page: Page) => page.getByRole("region", { name: /^Stems/ });
const stemRow = (page: Page, name: string) => stemsSection(page).getByRole("listitem", { name });

async function openStems(): Promise<Page> {
  const page = await openTrackPage(live, track.id);
  await stemsSection(page).scrollIntoViewIfNeeded();
  await waitForState(stemRow(page, "Bass").getByRole("group", { name: "Player: Bass" }), "ready");
  return page;
}

type Drift = Record<"beforeSeek" | "afterSeek", { lagMs: number; residual: number }>;

/**
 * Renders the stems from 10 s for 4 s, seeking to 40 s after 2 s, through the injected drift probe
 * (drift-probe.ts), against the full mix or, with `soloIndex`, against that stem alone.
 */
function measureDrift(page: Page, soloIndex?: number): Promise<Drift> {
  return page.evaluate((input) => (window as unknown as { measureDrift: (i: unknown) => Promise<Drift> }).measureDrift(input), {
    stemUrls: track.stems.map((stem) => stem.mp3Url),
    mixUrl: track.fullTrackMp3Url,
    duration: 60,
    from: 10,
    seekAt: 2,
    seekTo: 40,
    renderSeconds: 4,
    soloIndex,
  });
}

describe("stems section", () => {
  test("lists every stem with name, type, duration and a 48 px grid / 64 px list waveform", async () => {
    const page = await openStems();
    for (const stem of STEM_FILES) {
      const row = stemRow(page, stem.name);
      await expect(row.getByText(stem.type, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(row.getByText("1:00", { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    const wave = () => stemRow(page, "Drums").getByRole("slider", { name: "Seek" }).boundingBox();
    expect((await wave())?.height).toBe(48);
    await stemsSection(page).getByRole("button", { name: "List" }).click();
    await expect(stemsSection(page).getByRole("button", { name: "List" }).getAttribute("aria-pressed")).resolves.toBe("true");
    expect((await wave())?.height).toBe(64);
    await page.context().close();
  });

  test("sync mode: start, stop (all tracks), solo toggles, mute; stems and the full track pause each other", async () => {
    const page = await openStems();
    const fullTrack = page.getByRole("group", { name: "Player: Undertow" });
    await stemsSection(page).getByRole("button", { name: "Sync" }).click();
    const synced = stemsSection(page).getByRole("region", { name: "Synced stems" });
    await waitForState(synced, "ready");
    await expect(stemsSection(page).getByRole("group", { name: "Player: Bass" }).count()).resolves.toBe(0);

    await fullTrack.getByRole("button", { name: "Play" }).click();
    await waitForState(fullTrack, "playing");
    await stemsSection(page).getByRole("button", { name: "Play All" }).click();
    await waitForState(synced, "playing");
    await waitForState(fullTrack, "paused");

    const solo = stemRow(page, "Bass").getByRole("button", { name: "Solo" });
    await solo.click();
    const unsolo = stemRow(page, "Bass").getByRole("button", { name: "Unsolo" });
    await expect(unsolo.getAttribute("aria-pressed")).resolves.toBe("true");
    await unsolo.click();
    await stemRow(page, "Bass").getByRole("button", { name: "Solo" }).waitFor();
    await stemRow(page, "Drums").getByRole("button", { name: "Mute" }).click();
    await expect(stemRow(page, "Drums").getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );

    await synced.getByText(/^0:0[1-9] \/ 1:00$/).waitFor();
    await stemsSection(page).getByRole("button", { name: "Stop All Tracks" }).click();
    await waitForState(synced, "ready");
    await synced.getByText("0:00 / 1:00").waitFor();

    await stemsSection(page).getByRole("button", { name: "Play All" }).click();
    await waitForState(synced, "playing");
    await fullTrack.getByRole("button", { name: "Play" }).click();
    await waitForState(fullTrack, "playing");
    await waitForState(synced, "ready");
    // Stop All Tracks stops the full track too, when it is the one playing.
    await stemsSection(page).getByRole("button", { name: "Stop All Tracks" }).click();
    await waitForState(fullTrack, "paused");

    await stemsSection(page).getByRole("button", { name: "Preview" }).click();
    await waitForState(stemRow(page, "Bass").getByRole("group", { name: "Player: Bass" }), "ready");
    await page.context().close();
  });

  test("stems rendered on one clock match the full mix: drift within 1 ms, also after a seek", async () => {
    const page = await openTrackPage(live, track.id);
    const probe = await Bun.build({ entrypoints: [join(import.meta.dir, "drift-probe.ts")], target: "browser" });
    await page.addScriptTag({ content: await (probe.outputs[0] as Blob).text() });
    const drift = await measureDrift(page);
    console.log("sync drift", JSON.stringify(drift));
    const { beforeSeek, afterSeek } = drift;
    expect(Math.abs(beforeSeek.lagMs)).toBeLessThanOrEqual(1);
    expect(Math.abs(afterSeek.lagMs)).toBeLessThanOrEqual(1);
    // The stems sum to the mix: what is left is MP3 coding noise, far below the signal.
    expect(beforeSeek.residual).toBeLessThan(0.05);
    expect(afterSeek.residual).toBeLessThan(0.05);

    // Soloing one stem through the engine's gains leaves exactly that stem.
    const solo = await measureDrift(page, 1);
    console.log("solo render", JSON.stringify(solo));
    expect(solo.beforeSeek.residual).toBeLessThan(0.001);
    expect(solo.afterSeek.residual).toBeLessThan(0.05);
    await page.context().close();
  });
});
