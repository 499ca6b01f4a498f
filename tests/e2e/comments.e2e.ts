/**
 * Timed comments on the track page, in Chromium: a listener pins a comment to 0:12 (a marker under the waveform and an
 * entry in the list), the owner replies and deletes, a comment's time seeks the player, and the section works at
 * 375 px and 1280 px.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { CommentPage } from "../../modules/comments/model";
import type { NotificationPage } from "../../modules/notifications/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { signedInPage } from "../support/signed-in-page";
import { createTrack, waitForProcessing } from "../support/uploads";
import { holdIsland, hydrated } from "./support/hydrated";
import { pageWidths, spillingBoxes } from "./support/layout";

setDefaultTimeout(60_000);

// audio-lena.flac lasts 12.27 s: long enough for a comment at 0:12.
const AUDIO = "real-audio/audio-lena.flac";
const live = setUpServerAndBrowser();
let owner: Session;
let listener: Session;
let trackId: string;

const comments = async () =>
  (await call<CommentPage>(live.server, "GET", `/track/${trackId}/comments`, { token: owner.token })).body.items;
const seekBar = (page: Page) => page.getByRole("slider", { name: "Seek" });
const marker = (page: Page, username: string) => page.getByRole("button", { name: `Comment by ${username} at 0:12` });

/** Clicks the full-track waveform at `seconds` of its `duration`: the player moves there. */
async function clickWaveformAt(page: Page, seconds: number, duration: number): Promise<void> {
  const box = await seekBar(page).boundingBox();
  if (!box) throw new Error("the waveform is not rendered");
  await page.mouse.click(box.x + (box.width * seconds) / duration, box.y + box.height / 2);
}

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  owner = await signUp(live.server);
  listener = await signUp(live.server);
  trackId = await createTrack(live.server, owner.token, { original: AUDIO, data: { title: "Lena", isPublic: true } });
  await waitForProcessing(live.server, owner.token, trackId);
}, 60_000);

test("a comment at 0:12 shows a marker under the waveform and an entry in the list, and stays after a reload", async () => {
  const { context, page } = await live.openPage(`/track/${trackId}`, listener.token, { viewport: { width: 1280, height: 900 } });
  await page.getByText("No comments yet.").waitFor();
  // The waveform is clicked next: the player must be listening to it.
  await hydrated(page);
  const duration = (await call<{ duration: number }>(live.server, "GET", `/track/${trackId}`)).body.duration;
  await clickWaveformAt(page, 12.1, duration);
  const atTime = page.getByLabel("At the current time (0:12)");
  await atTime.check();
  await page.getByRole("textbox", { name: "Add a comment" }).fill("The snare at 0:12 is too loud");
  await page.getByRole("button", { name: "Post comment" }).click();

  const entry = page.getByRole("article", { name: `Comment by ${listener.user.username}` });
  await entry.getByText("The snare at 0:12 is too loud").waitFor();
  await entry.getByRole("button", { name: "Play from 0:12" }).waitFor();
  await marker(page, listener.user.username).waitFor();
  const [stored] = await comments();
  expect(stored?.atSeconds).toBeGreaterThanOrEqual(12);
  expect(stored?.atSeconds).toBeLessThan(12.27);

  // Hovering the marker shows what was said.
  const tip = page.getByRole("tooltip");
  expect(await tip.isVisible()).toBe(false);
  await marker(page, listener.user.username).hover();
  await tip.getByText("The snare at 0:12 is too loud").waitFor();

  await page.reload();
  await marker(page, listener.user.username).waitFor();
  await page.getByText("The snare at 0:12 is too loud", { exact: true }).waitFor();
  await context.close();
});

test("a comment's time and its marker seek the player there", async () => {
  const { context, page } = await live.openPage(`/track/${trackId}`, null);
  await page.getByRole("button", { name: "Play from 0:12" }).click();
  await page.waitForFunction(() =>
    document.querySelector('[role="slider"][aria-label="Seek"]')?.getAttribute("aria-valuetext")?.startsWith("0:12"),
  );
  await seekBar(page).focus();
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() =>
    document.querySelector('[role="slider"][aria-label="Seek"]')?.getAttribute("aria-valuetext")?.startsWith("0:07"),
  );
  await marker(page, listener.user.username).focus();
  await page.getByRole("tooltip").getByText("The snare at 0:12 is too loud").waitFor();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() =>
    document.querySelector('[role="slider"][aria-label="Seek"]')?.getAttribute("aria-valuetext")?.startsWith("0:12"),
  );
  // Visitors read the comments but are asked to log in to write one.
  await page.getByRole("link", { name: "Log in", exact: true }).waitFor();
  expect(await page.getByRole("textbox", { name: "Add a comment" }).count()).toBe(0);
  await context.close();
});

test("the owner replies; the listener is told; the owner deletes the comment and its reply", async () => {
  const { context, page } = await live.openPage(`/track/${trackId}`, owner.token);
  await page.getByRole("button", { name: `Reply to ${listener.user.username}` }).click();
  await page.getByRole("textbox", { name: `Reply to ${listener.user.username}` }).fill("Turned it down, thanks");
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  const replies = page.getByRole("list", { name: `Replies to ${listener.user.username}` });
  await replies.getByText("Turned it down, thanks").waitFor();

  const told = await call<NotificationPage>(live.server, "GET", "/notifications?limit=1", { token: listener.token });
  expect(told.body.items[0]).toMatchObject({ type: "comment", title: "New reply" });
  // The notification's link opens the page at the reply.
  const link = told.body.items[0]?.link as string;
  const opened = await live.openPage(link, listener.token);
  await opened.page.getByText("Turned it down, thanks").waitFor();
  expect(await opened.page.evaluate(() => window.location.hash)).toMatch(/^#comment-/);
  await opened.context.close();

  await page.getByRole("button", { name: `Delete comment by ${listener.user.username}` }).click();
  await page.getByText("The snare at 0:12 is too loud", { exact: true }).waitFor({ state: "detached" });
  expect(await marker(page, listener.user.username).count()).toBe(0);
  expect(await comments()).toEqual([]);
  await context.close();
});

test("at 375 px the form, the list and the markers fit the screen", async () => {
  await call(live.server, "POST", `/track/${trackId}/comments`, {
    token: listener.token,
    body: { body: `A long word ${"x".repeat(120)} at the very end`, atSeconds: 12.1 },
  });
  const { context, page } = await live.openPage(`/track/${trackId}`, listener.token, { viewport: { width: 375, height: 800 } });
  const section = page.getByRole("region", { name: "Comments" });
  await section.getByText("A long word").waitFor();
  await page.getByRole("button", { name: `Comment by ${listener.user.username} at 0:12` }).waitFor();
  await section.getByRole("textbox", { name: "Add a comment" }).waitFor();
  expect(await spillingBoxes(section)).toEqual([]);
  const widths = await pageWidths(page);
  expect(widths.page).toBe(widths.screen);
  await context.close();
});

test("a comment posted in one browser appears, marker and all, on a page open in another without a reload", async () => {
  const guest = await signUp(live.server);
  const watching = await signedInPage(live.browser, owner.token, { viewport: { width: 1280, height: 900 } });
  // The owner's page has its event stream open, watching this track, before the other browser posts.
  const watchingTrack = watching.page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/events" &&
      (new URL(response.url()).searchParams.get("tracks") ?? "").split(",").includes(trackId),
  );
  await watching.page.goto(`${live.server.url}/track/${trackId}`);
  await watchingTrack;
  let navigations = 0;
  watching.page.on("framenavigated", (frame) => {
    if (frame === watching.page.mainFrame()) navigations++;
  });
  await watching.page.getByRole("heading", { name: "Comments" }).waitFor();

  const posting = await live.openPage(`/track/${trackId}`, guest.token, { viewport: { width: 1280, height: 900 } });
  await posting.page.getByRole("textbox", { name: "Add a comment" }).waitFor();
  await posting.page.getByText("Loading comments...").waitFor({ state: "detached" });
  await hydrated(posting.page);
  const duration = (await call<{ duration: number }>(live.server, "GET", `/track/${trackId}`)).body.duration;
  await clickWaveformAt(posting.page, 12.1, duration);
  await posting.page.getByLabel("At the current time (0:12)").check();
  await posting.page.getByRole("textbox", { name: "Add a comment" }).fill("Lovely reverb tail here");
  await posting.page.getByRole("button", { name: "Post comment" }).click();
  await marker(posting.page, guest.user.username).waitFor();

  await marker(watching.page, guest.user.username).waitFor({ timeout: 10_000 });
  await watching.page
    .getByRole("article", { name: `Comment by ${guest.user.username}` })
    .getByText("Lovely reverb tail here")
    .waitFor();
  expect(navigations).toBe(0);
  await posting.context.close();
  await watching.context.close();
});

/** Waits until the full-track player's position is within a second of `seconds`. */
const seekedNear = async (page: Page, seconds: number) =>
  page.waitForFunction(
    ([element, wanted]) => Math.abs(Number((element as Element).getAttribute("aria-valuenow")) - (wanted as number)) <= 1,
    [await seekBar(page).elementHandle(), seconds] as const,
  );

test("markers that arrive after the waveform was drawn leave it working: it still seeks", async () => {
  const posted = await call(live.server, "POST", `/track/${trackId}/comments`, {
    token: listener.token,
    body: { body: "A marker to come late", atSeconds: 6 },
  });
  expect(posted.status).toBe(201);
  const { context, page } = await signedInPage(live.browser, listener.token, { viewport: { width: 1280, height: 900 } });
  // The comments (and so the markers) come only once the player has drawn its waveform and been used.
  const release = await holdIsland(page, "Comments");
  await page.goto(`${live.server.url}/track/${trackId}`);
  const duration = (await call<{ duration: number }>(live.server, "GET", `/track/${trackId}`)).body.duration;
  await page.locator('.full-track fieldset.player[data-state="ready"]').waitFor();
  // Playing draws the playing audio with wavesurfer in place of the page's own drawing.
  const player = page.locator(".full-track fieldset.player");
  await player.getByRole("button", { name: "Play" }).click();
  await seekBar(page).locator(".waveform-svg").waitFor({ state: "detached" });
  await player.getByRole("button", { name: "Pause" }).click();
  await clickWaveformAt(page, 3, duration);
  await seekedNear(page, 3);
  release();
  await page.locator(".wave-marker").first().waitFor();
  await clickWaveformAt(page, 9, duration);
  await seekedNear(page, 9);
  await context.close();
});
