/**
 * The upload form's files go as resumable uploads (tus) in 50 MB chunks: a network loss mid-upload is retried with
 * back-off until the browser is back online, and a reload mid-upload continues the same upload when the same file
 * is chosen again. Either way the track's stored original is the chosen file, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Route } from "playwright-core";
import { signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { writeNoiseWav } from "../support/noise-wav";
import { fileSha256, storedOriginalSha256 } from "../support/tus";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(120_000);
const MB = 1024 * 1024;
const live = setUpServerAndBrowser();
const folder = mkdtempSync(join(tmpdir(), "stemma-resumable-e2e-"));
// Two chunks: 50 MB, then the rest.
const wav = join(folder, "long take.wav");
let token: string;

beforeAll(async () => {
  token = (await signUp(live.server)).token;
  await writeNoiseWav(wav, 70 * MB);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The upload form filled in with `wav` as its audio file, ready to send. */
async function fillForm(page: Page, title: string) {
  await page.getByRole("heading", { name: "Upload Track", level: 1 }).waitFor();
  // The form is server-rendered: a file chosen before React hydrates it would never reach the upload.
  await hydrated(page);
  await field(page, "Title").fill(title);
  await field(page, "Primary Artist").fill("Nova Drift");
  const license = field(page, "License");
  await license.locator("option").nth(1).waitFor({ state: "attached" });
  await license.selectOption((await license.locator("option").nth(1).getAttribute("value")) as string);
  await field(page, "Audio File").setInputFiles(wav);
}

/**
 * Holds the upload's second chunk (its first PATCH past offset 0) unanswered while every other request goes on:
 * `held` is that request once the page has sent it, for the test to abort when it no longer needs it held.
 */
async function holdSecondChunk(page: Page): Promise<{ held: Promise<Route> }> {
  const held = Promise.withResolvers<Route>();
  await page.route("**/api/uploads/*", async (route: Route) => {
    if (route.request().method() === "PATCH" && route.request().headers()["upload-offset"] !== "0") held.resolve(route);
    else await route.continue();
  });
  return { held: held.promise };
}

/** The Upload-Offset of each PATCH the page sends, in order. */
function recordPatches(page: Page): number[] {
  const offsets: number[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/uploads/"))
      offsets.push(Number(request.headers()["upload-offset"]));
  });
  return offsets;
}

/** The stored original of the track the page landed on equals the chosen file. */
async function expectStoredOriginal(page: Page) {
  await page.waitForURL(/\/track\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = new URL(page.url()).pathname.split("/").pop() as string;
  expect(await storedOriginalSha256(live.server, token, id, folder)).toBe(await fileSha256(wav));
}

describe("resumable uploads in the browser", () => {
  test("going offline mid-upload shows the retry, and back online the upload goes on and lands on the track", async () => {
    const { page, context } = await live.openPage("/upload", token, { viewport: { width: 1280, height: 900 } });
    await fillForm(page, "Offline Take");
    const offsets = recordPatches(page);
    // The second chunk meets a dead network: the browser went offline after the first.
    let patches = 0;
    await page.route("**/api/uploads/*", async (route: Route) => {
      if (route.request().method() === "PATCH" && ++patches === 2) {
        await context.setOffline(true);
        await route.abort("internetdisconnected");
        return;
      }
      await route.continue();
    });
    await page.getByRole("button", { name: "Upload Track" }).click();
    await page.getByRole("status").filter({ hasText: "The connection was lost: trying again..." }).waitFor();
    expect(await page.getByRole("progressbar", { name: "Upload progress" }).getAttribute("value")).toBe("71");
    await context.setOffline(false);
    await expectStoredOriginal(page);
    // Resumed from the offset the server kept, never from the start.
    expect(offsets.filter((offset) => offset === 0)).toEqual([0]);
    expect(offsets.at(-1)).toBe(50 * MB);
    await context.close();
  });

  test("Pause stops sending and Resume goes on from the kept offset", async () => {
    const { page, context } = await live.openPage("/upload", token, { viewport: { width: 1280, height: 900 } });
    await fillForm(page, "Paused Take");
    const offsets = recordPatches(page);
    // The second chunk hangs until the user pauses, which abandons it.
    const { held } = await holdSecondChunk(page);
    await page.getByRole("button", { name: "Upload Track" }).click();
    const stuck = await held;
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByRole("status").filter({ hasText: "Paused at 71%" }).waitFor();
    // The submit button says so too, not "Uploading...".
    expect(await page.locator('button[type="submit"]').textContent()).toBe("Paused");
    // The progress panel with its button passes axe like every screen.
    expect(await seriousViolations(page)).toEqual([]);
    await stuck.abort().catch(() => undefined);
    await page.unroute("**/api/uploads/*");
    await page.getByRole("button", { name: "Resume" }).click();
    await expectStoredOriginal(page);
    expect(offsets[0]).toBe(0);
    expect(offsets.at(-1)).toBeGreaterThanOrEqual(50 * MB);
    await context.close();
  });

  test("a reload mid-upload, then the same file chosen again, continues where it stopped", async () => {
    const { page, context } = await live.openPage("/upload", token, { viewport: { width: 1280, height: 900 } });
    await fillForm(page, "Reloaded Take");
    // The second chunk never gets through: the page is reloaded while it hangs.
    const { held } = await holdSecondChunk(page);
    await page.getByRole("button", { name: "Upload Track" }).click();
    const stuck = await held;
    page.on("dialog", (dialog) => void dialog.accept());
    // Reloaded while the chunk hangs, still held: taking the route away first would let it go on to the server, and
    // on a slow machine all of it could arrive before the reload ended it, leaving nothing to continue.
    await page.reload();
    await stuck.abort().catch(() => undefined);
    await page.unroute("**/api/uploads/*");

    const offsets = recordPatches(page);
    // The rest goes through only once the note has been read: on a fast link it would otherwise come and go unseen.
    const noteSeen = Promise.withResolvers<void>();
    await page.route("**/api/uploads/*", async (route: Route) => {
      if (route.request().method() === "PATCH") await noteSeen.promise;
      await route.continue();
    });
    await fillForm(page, "Reloaded Take");
    await page.getByRole("button", { name: "Upload Track" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Continuing the earlier upload of long take.wav where it stopped." })
      .waitFor();
    noteSeen.resolve();
    await expectStoredOriginal(page);
    // The rest is sent from where the first chunk ended (none of the held second arrived), never from the start.
    // tus-js-client sends a refused or lost request again, from where the server says it stands.
    expect(offsets[0]).toBe(50 * MB);
    for (const offset of offsets) expect(offset).toBeGreaterThanOrEqual(50 * MB);
    await context.close();
  });
});
