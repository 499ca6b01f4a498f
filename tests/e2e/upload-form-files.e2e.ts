/**
 * What the upload form makes of the files chosen in it, in Chromium on localhost and on a plain-http LAN name: a
 * tracker module's own title fills an empty title (never one the user typed), and a cover the browser cannot show
 * is taken back out with a message saying why, not left as a broken image in the preview (issue 37, items 11, 15).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { signUp } from "../support/api";
import { CORPUS } from "../support/corpus";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS } from "../support/origins";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let token: string;

beforeAll(async () => {
  token = (await signUp(live.server)).token;
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Chooses `path` in the Audio File field and waits for the title to read `title`. */
async function chooseAudio(page: Page, path: string, title: string) {
  await field(page, "Audio File").setInputFiles(`${CORPUS}/${path}`);
  await page.waitForFunction(
    (expected) => (document.getElementById("field-title") as HTMLInputElement | null)?.value === expected,
    title,
  );
}

describe.each(ORIGINS)("on the %s origin", (origin) => {
  async function openUpload(): Promise<Page> {
    const { page } = await live.openPage("/upload", token, { viewport: { width: 375, height: 800 }, origin });
    await page.getByRole("heading", { name: "Upload Track", level: 1 }).waitFor();
    await hydrated(page);
    return page;
  }

  test("a module's own title fills an empty title, and never replaces one the user typed", async () => {
    const page = await openUpload();
    await chooseAudio(page, "real-modules/gd-giirm.s3m", "Goose in Israel");
    // Another module replaces the title only the form filled in.
    await chooseAudio(page, "real-modules/dali.xm", "dali4");
    await chooseAudio(page, "real-modules/gd-ite.it", "I think.. engh.");
    await field(page, "Title").fill("My own words");
    await field(page, "Audio File").setInputFiles(`${CORPUS}/real-modules/high-score.mod`);
    // The header is read at once; give it the time it takes, then see the typed title stand.
    await page.waitForTimeout(500);
    expect(await field(page, "Title").inputValue()).toBe("My own words");
    await field(page, "Title").fill("");
    await chooseAudio(page, "real-modules/termigator_reg-zbb.mod", "termigator");
    // A WAV has no title to offer: the form's stays as it is.
    await field(page, "Audio File").setInputFiles(`${CORPUS}/real-audio/alsa-Noise.wav`);
    await page.waitForTimeout(500);
    expect(await field(page, "Title").inputValue()).toBe("termigator");
    await page.context().close();
  });

  test("a cover the browser cannot show is taken out with a message; a picture then previews", async () => {
    const page = await openUpload();
    const cover = field(page, "Cover Art");
    await cover.setInputFiles(`${CORPUS}/bad/svg-script-as.png`);
    const refusal = page.getByRole("alert").filter({ hasText: "svg-script-as.png cannot be read as a picture" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      "svg-script-as.png cannot be read as a picture. Cover art must be a JPEG, PNG or WebP image.",
    );
    // No broken image (and its alt text) in the preview, and no file left to send.
    expect(await page.getByRole("img", { name: "Chosen cover art" }).count()).toBe(0);
    expect(await cover.evaluate((input) => (input as HTMLInputElement).files?.length ?? 0)).toBe(0);
    expect(await cover.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("button", { name: "Remove cover art" }).count()).toBe(0);

    await cover.setInputFiles(`${CORPUS}/images/matplotlib-grace_hopper.jpg`);
    await page.getByRole("img", { name: "Chosen cover art" }).waitFor();
    // The element appears before the picture is decoded: wait for the decoded picture, not just the element.
    await page.waitForFunction(() => {
      const preview = document.querySelector("img.cover-preview") as HTMLImageElement | null;
      return preview?.complete === true && preview.naturalWidth > 0;
    });
    expect(await refusal.count()).toBe(0);
    await page.context().close();
  });
});
