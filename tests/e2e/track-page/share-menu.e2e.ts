import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Frame, Locator, Page } from "playwright-core";
import { type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { ORIGINS, type Origin } from "../../support/origins";
import { publicUrlEnv } from "../../support/public-url";
import { createTrack, waitForProcessing } from "../../support/uploads";
import { seriousViolations } from "../support/axe";
import { pastedText } from "../support/clipboard";
import { hydrated } from "../support/hydrated";
import { spillingBoxes } from "../support/layout";
import { waitForState } from "./fixtures";

setDefaultTimeout(90_000);

/** The track page's Share menu, as a visitor uses it to post a track elsewhere. */
const live = setUpServerAndBrowser({ env: publicUrlEnv() });
let owner: Session;
let trackId: string;
let privateId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  const upload = (title: string, isPublic: boolean) =>
    createTrack(live.server, owner.token, {
      original: "real-audio/audio-lena.flac",
      data: { title, primaryArtistName: "Lena Test", isPublic },
    });
  [trackId, privateId] = await Promise.all([upload("Shared Song", true), upload("Private Song", false)]);
  await Promise.all([trackId, privateId].map((id) => waitForProcessing(live.server, owner.token, id)));
});

async function openShareMenu(path = `/track/${trackId}`, width = 1200, origin: Origin = "localhost"): Promise<Page> {
  const { context, page } = await live.openPage(path, null, { viewport: { width, height: 900 }, origin });
  // Only a secure context has clipboard permissions to grant (the LAN name copies without them).
  if (origin === "localhost") await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: live.server.url });
  await page.getByText("Share", { exact: true }).scrollIntoViewIfNeeded();
  await hydrated(page);
  await page.getByText("Share", { exact: true }).click();
  return page;
}

// localhost is a secure context even over http, with the asynchronous clipboard; a LAN name (http://nas.local:3000)
// is not, and copying must work there as well.
for (const origin of ORIGINS)
  describe(`share menu on the ${origin} origin`, () => {
    test("copies the track's link, and shows the embed preview", async () => {
      const page = await openShareMenu(`/track/${trackId}`, 1200, origin);
      await page.getByRole("button", { name: "Copy link", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
      // The link copied is the site's address (PUBLIC_URL), whatever name the page was reached on.
      expect(await pastedText(page)).toBe(`${live.server.url}/track/${trackId}`);
      // The preview is framed from the page's own origin, which its Content-Security-Policy allows.
      const preview = page.getByTitle("Embed preview: Shared Song by Lena Test");
      const frame = (await (await preview.elementHandle())?.contentFrame()) as Frame;
      await frame.waitForSelector(".embed-player[data-state='ready']");
      await page.context().close();
    });
  });

describe("share menu", () => {
  test("copies the embed code in the size chosen, shown live in the preview", async () => {
    const page = await openShareMenu();
    await page.getByRole("radio", { name: "Compact (320 × 120)" }).check();
    await page.getByRole("radio", { name: "Dark" }).check();
    const preview = page.getByTitle("Embed preview: Shared Song by Lena Test");
    await page.waitForFunction(() => document.querySelector(".share-preview iframe")?.getAttribute("width") === "320");
    expect(await preview.getAttribute("src")).toBe(`/embed/track/${trackId}?theme=dark`);
    const frame = (await (await preview.elementHandle())?.contentFrame()) as Frame;
    await frame.waitForSelector(".embed-player[data-state='ready']");
    expect(await frame.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.getByRole("button", { name: "Copy embed code" }).click();
    await page.getByRole("status").filter({ hasText: "Embed code copied" }).waitFor();
    const code = await pastedText(page);
    expect(code).toStartWith(`<iframe src="${live.server.url}/embed/track/${trackId}?theme=dark" width="320" height="120"`);
    expect(code).toBe(await page.getByRole("textbox", { name: "Embed code" }).inputValue());
    await page.context().close();
  });

  test("copies the link at the player's current time, and that link starts the player there", async () => {
    const page = await openShareMenu();
    const player = page.getByRole("group", { name: "Player: Shared Song" });
    await waitForState(player, "ready");
    await player.getByRole("button", { name: "Play" }).click();
    await waitForState(player, "playing");
    await page.waitForFunction(() => Number(document.querySelector("[aria-label='Seek']")?.getAttribute("aria-valuenow")) >= 3);
    await player.getByRole("button", { name: "Pause" }).click();
    await waitForState(player, "paused");
    const seconds = Number(await player.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow"));
    const button = page.getByRole("button", { name: /^Copy link at / });
    await button.click();
    // The clipboard still holds what an earlier test copied until this copy is done: wait for it to say so.
    await page
      .getByRole("status")
      .filter({ hasText: /Link at \d+:\d\d copied/ })
      .waitFor();
    const link = await pastedText(page);
    expect(link).toMatch(new RegExp(`^${live.server.url}/track/${trackId}\\?t=(\\d+)$`));
    const at = Number(new URL(link).searchParams.get("t"));
    expect(Math.abs(at - seconds)).toBeLessThanOrEqual(1);
    await page.goto(link);
    const reopened = page.getByRole("group", { name: "Player: Shared Song" });
    await waitForState(reopened, "ready");
    await page.waitForFunction(
      (wanted) => document.querySelector("[aria-label='Seek']")?.getAttribute("aria-valuenow") === String(wanted),
      at,
    );
    await page.context().close();
  });

  test.each([1200, 375])("its buttons, fields and choices look like the page's own at %d px", async (width) => {
    const page = await openShareMenu(`/track/${trackId}`, width);
    const look = (button: Locator) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          height: element.getBoundingClientRect().height,
          radius: style.borderRadius,
          background: style.backgroundColor,
          weight: style.fontWeight,
        };
      });
    // The page's other small secondary button, beside the player.
    const pageButton = await look(page.getByRole("button", { name: "View Forks (0)" }));
    for (const name of ["Copy link", "Copy embed code"])
      expect(await look(page.getByRole("button", { name, exact: true }))).toEqual(pageButton);
    // Each choice's words stand apart from its radio.
    const gaps = await page.locator(".share-options label").evaluateAll((labels) =>
      labels.map((label) => {
        const radio = (label.querySelector("input") as HTMLInputElement).getBoundingClientRect();
        const words = document.createRange();
        words.selectNodeContents(label.lastChild as Node);
        return words.getBoundingClientRect().left - radio.right;
      }),
    );
    expect(gaps).toHaveLength(5);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(5);
    expect(await spillingBoxes(page.locator(".share-body"))).toEqual([]);
    // Open, restyled, it passes axe like every screen.
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  test("private tracks offer no share menu (nothing of theirs can be embedded)", async () => {
    const { page } = await live.openPage(`/track/${privateId}`, owner.token);
    await page.getByRole("heading", { name: "Private Song" }).waitFor();
    await hydrated(page);
    // The menu's disclosure, not the owner's "Share with" form, whose button (drawn once hydrated) says Share too.
    const menus = page.locator("summary").filter({ hasText: /^Share$/ });
    expect(await menus.count()).toBe(0);
    await page.context().close();
  });
});
