/**
 * Issue 37, items 11, 13 and 14: what the track page and its embed show as the server renders them. The Share menu
 * beside the title; a private or missing track's embed, compact in a 120 px frame; a fork's attribution with
 * JavaScript off when its whole chain is public, and the kept page following the chain; a module's message.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { ORIGINS } from "../../support/origins";
import { forkWithStems } from "../../support/studio";
import { corpusPath, createTrack, waitForProcessing } from "../../support/uploads";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let owner: Session;
let forker: Session;
let originalId: string;
let forkId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  const made = await forkWithStems(live.server, owner, forker, ["bass"]);
  originalId = made.original.id;
  forkId = made.forkId;
}, 120_000);

/** The page as a reader without JavaScript gets it. */
async function withoutJavaScript(path: string) {
  return live.openPage(path, null, { javaScriptEnabled: false });
}

describe("a fork's attribution", () => {
  test("is on the page without JavaScript while the whole chain is public, and goes when the original goes private", async () => {
    const expected = `Based on 'Test Track' by ${owner.user.username}, All Rights Reserved`;
    // Asked twice: the second answer is the kept page.
    for (let ask = 0; ask < 2; ask++) {
      const { context, page } = await withoutJavaScript(`/track/${forkId}`);
      expect(await page.locator(".fork-attribution").textContent()).toBe(expected);
      expect(await page.locator(".fork-lineage").textContent()).toBe(`Forked from Test Track by ${owner.user.username}`);
      await context.close();
    }
    const hidden = await call(live.server, "PATCH", `/track/${originalId}/visibility`, {
      token: owner.token,
      body: { isPublic: false },
    });
    expect(hidden.status).toBe(200);
    const { context, page } = await withoutJavaScript(`/track/${forkId}`);
    await page.getByRole("heading", { name: "Studio", exact: true }).waitFor();
    expect(await page.locator(".fork-attribution").count()).toBe(0);
    expect(await page.content()).not.toContain("Test Track");
    await context.close();
    // With JavaScript, the original's owner still reads it as before (drawn for those who may see).
    const signedIn = await live.openPage(`/track/${forkId}`, owner.token);
    await signedIn.page.locator(".fork-attribution", { hasText: "Based on 'Test Track'" }).waitFor();
    await signedIn.context.close();
    await call(live.server, "PATCH", `/track/${originalId}/visibility`, { token: owner.token, body: { isPublic: true } });
  });
});

describe("a module's message", () => {
  test("shows without JavaScript, fixed-width, with markup in it shown as typed", async () => {
    // high-score.mod's first sample name (its message's first line), rewritten to markup.
    const folder = mkdtempSync(join(tmpdir(), "stemma-module-"));
    const hostile = join(folder, "hostile.mod");
    copyFileSync(corpusPath("real-modules/high-score.mod"), hostile);
    const bytes = readFileSync(hostile);
    bytes.fill(0, 20, 42).write("</pre><b id=pwn>x</b>", 20, "latin1");
    writeFileSync(hostile, bytes);
    const id = await createTrack(live.server, owner.token, { original: hostile, data: { title: "Hostile Module" } });
    await waitForProcessing(live.server, owner.token, id);
    const { context, page } = await withoutJavaScript(`/track/${id}`);
    const message = page.locator("details.module-message");
    expect(await message.getAttribute("open")).not.toBeNull();
    const text = (await message.locator("pre").textContent()) ?? "";
    expect(text.split("\n")[0]).toBe("</pre><b id=pwn>x</b>");
    expect(text).toContain("_*  NoisePacker_v3  *");
    expect(await page.locator("#pwn").count()).toBe(0);
    expect(await message.locator("pre").evaluate((pre) => getComputedStyle(pre).whiteSpace)).toBe("pre");
    await context.close();
  });

  test("a long one starts folded and opens without JavaScript", async () => {
    const id = await createTrack(live.server, owner.token, { original: "real-modules/termigator_reg-zbb.mod" });
    await waitForProcessing(live.server, owner.token, id);
    const { context, page } = await withoutJavaScript(`/track/${id}`);
    const message = page.locator("details.module-message");
    expect(await message.getAttribute("open")).toBeNull();
    await message.getByText("Module message").click();
    await message.getByText("MUSIC BY REG & ZBB 01").waitFor();
    await context.close();
  });
});

for (const origin of ORIGINS)
  describe(`on ${origin}`, () => {
    test("Share sits beside the title and opens there", async () => {
      const { context, page } = await live.openPage(`/track/${originalId}`, null, { origin });
      const title = page.getByRole("heading", { level: 1, name: "Test Track" });
      const share = page.locator("summary", { hasText: "Share" });
      const [titleBox, shareBox] = [await title.boundingBox(), await share.boundingBox()];
      expect(shareBox && titleBox && Math.abs(shareBox.y - titleBox.y)).toBeLessThan(24);
      expect(await page.locator(".track-title-row summary").count()).toBe(1);
      await share.click();
      await page.getByRole("textbox", { name: "Link" }).waitFor();
      expect(await page.getByRole("textbox", { name: "Link" }).inputValue()).toEndWith(`/track/${originalId}`);
      await context.close();
    });

    test("a private or missing track's embed says 'This track is not available' in a 120 px frame", async () => {
      const privateId = await createTrack(live.server, owner.token, {
        original: "real-audio/alsa-Noise.wav",
        data: { title: "Hidden Song", isPublic: false },
      });
      for (const id of [privateId, "no-such-track"]) {
        const { context, page } = await live.openPage("/", null, { origin, viewport: { width: 560, height: 120 } });
        const response = await page.goto(page.url().replace(/\/$/, `/embed/track/${id}`));
        expect(response?.status()).toBe(404);
        await page.getByText("This track is not available").waitFor();
        expect(await page.getByText("This track is not available").isVisible()).toBe(true);
        // The player's box, no site around it: nothing scrolls in the frame.
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(120);
        expect(await page.locator(".topbar").count()).toBe(0);
        expect(await page.content()).not.toContain("Hidden Song");
        await context.close();
      }
    });
  });
