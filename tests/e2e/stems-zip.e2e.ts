/**
 * "Download all stems" on the track page: the zip downloads at once in MP3 or WAV (the stems' originals), and FLAC
 * waits while the stems are converted, then downloads, each zip named with its format. Signed-in users only; at 1280
 * and 375 px, on localhost and on a plain-http LAN name, axe clean.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";
import { horizontalBox } from "./support/layout";
import { FULL_MIX, STEM_FILES, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let bob: Session;
/** One track per screen width: the first journey's FLAC conversions would leave the second nothing to convert. */
const trackIds = new Map<number, string>();

const allStems = (page: Page) => page.getByRole("group", { name: "Download all stems" });

/** Clicks a format of "Download all stems" and answers the file name the browser was given. */
async function downloadAs(page: Page, format: string): Promise<string> {
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await allStems(page).getByRole("button", { name: format, exact: true }).click();
  const file = await download;
  expect(await file.failure()).toBeNull();
  return file.suggestedFilename();
}

beforeAll(async () => {
  const alice = await signUp(live.server);
  bob = await signUp(live.server);
  for (const width of [1280, 375]) {
    const id = await uploadTrack(live.server, alice.token, { original: FULL_MIX, stems: STEM_FILES.slice(0, 2) });
    await waitForProcessing(live.server, alice.token, id);
    trackIds.set(width, id);
  }
});

// Each width on one of the two origins: the downloads go through the browser, which may treat a plain-http name apart.
describe.each([
  [1280, "localhost"],
  [375, "lan"],
] as const)("at %i px on the %s origin", (width, origin) => {
  const viewport = { width, height: 900 };
  const trackId = () => trackIds.get(width) as string;

  test("a visitor is not offered it", async () => {
    const { context, page } = await live.openPage(`/track/${trackId()}`, null, { viewport, origin });
    await page.getByText("Sign in to download").first().waitFor();
    await hydrated(page);
    expect(await allStems(page).count()).toBe(0);
    await context.close();
  });

  test("MP3 and WAV download at once; FLAC converts the stems first, then downloads", async () => {
    const { context, page } = await live.openPage(`/track/${trackId()}`, bob.token, { viewport, origin });
    await allStems(page).waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    const box = await horizontalBox(allStems(page));
    expect(box.right).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(`stems-zip-${width}`) });

    // Each format names itself, so the three zips of one track can share a folder.
    expect(await downloadAs(page, "MP3")).toBe("Undertow - stems (MP3).zip");
    expect(await downloadAs(page, "WAV")).toBe("Undertow - stems (WAV).zip");
    const flac = downloadAs(page, "FLAC");
    await allStems(page).getByRole("button", { name: "Converting FLAC..." }).waitFor();
    expect(await flac).toBe("Undertow - stems (FLAC).zip");
    await context.close();
  });
});
