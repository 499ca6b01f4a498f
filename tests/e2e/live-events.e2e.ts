/**
 * Live updates in Chromium (docs/live-events.md): the bell and a toast take a new notification from the event
 * stream with no polling request while the stream is up, and a processing track turns into its waveform when the
 * stream says processing ended.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Page, Request } from "playwright-core";
import { call, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { signedInPage } from "../support/signed-in-page";
import { FULL_MIX, STEM_FILES, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(180_000);

// One job at a time: a track uploaded behind another waits for it, so its page opens while it is still processing.
const live = setUpServerAndBrowser({ env: { JOB_CONCURRENCY: "1" } });

/** A signed-in page, not yet navigated, and the promise of its event stream's answer once it goes to `path`. */
async function pageWithStream(token: string) {
  const { context, page } = await signedInPage(live.browser, token, { viewport: { width: 1200, height: 900 } });
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200,
  );
  return { context, page, streamOpened };
}

/** Every fresh read (a poll's `cache-control: no-cache`, islands/lib/api.ts) `page` sends from now on to `path`. */
function freshReadsOf(page: Page, path: string): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path && request.headers()["cache-control"] === "no-cache") sent.push(request);
  });
  return sent;
}

test("a new notification reaches the bell and a toast through the stream, with no polling while it is up", async () => {
  // The first account is the admin every early-access request notifies.
  const admin = await signUp(live.server);
  const { context, page, streamOpened } = await pageWithStream(admin.token);
  const countReads = freshReadsOf(page, "/api/notifications/unread-count");
  const firstCount = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/notifications/unread-count");
  await page.goto(`${live.server.url}/`);
  await Promise.all([streamOpened, firstCount]);
  const readsBefore = countReads.length;

  const res = await call(live.server, "POST", "/auth/request-early-access", { body: { email: "early-live@example.com" } });
  expect(res.status).toBe(200);
  const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
  await bell.waitFor();
  await page.getByRole("region", { name: "Messages" }).getByText("early-live@example.com asked for early access.").waitFor();
  expect(countReads.length).toBe(readsBefore);

  // The dropdown, opened, shows the next one as it arrives.
  await bell.click();
  await call(live.server, "POST", "/auth/request-early-access", { body: { email: "early-live-2@example.com" } });
  await page.getByRole("dialog", { name: "Notifications" }).getByText("early-live-2@example.com", { exact: false }).waitFor();
  await page.getByRole("button", { name: "Notifications, 2 unread" }).waitFor();
  expect(countReads.length).toBe(readsBefore);
  await context.close();
});

test("a processing track turns into its waveform when the stream says processing ended", async () => {
  const owner = await signUp(live.server);
  // Another track with its stems goes first: the one watched starts processing only after the page is open.
  await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES, data: { title: "Ahead" } });
  const id = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES, data: { isPublic: true } });
  const { context, page } = await pageWithStream(owner.token);
  // The stream that watches this track (the page opens one for the bell first, then one naming its tracks).
  const streamOpened = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/events" && (url.searchParams.get("tracks") ?? "").split(",").includes(id);
  });
  // Reads and stream messages, both stamped by the browser's network clock: Playwright's request events and CDP's
  // message events reach the test in no set order, so the order they arrive in cannot say which came first.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const freshTrackReads: number[] = [];
  cdp.on("Network.requestWillBeSent", ({ request, timestamp }) => {
    const url = new URL(request.url);
    if (url.pathname === `/api/track/${id}` && request.headers["cache-control"] === "no-cache") freshTrackReads.push(timestamp);
  });
  let streamUpAt = Number.POSITIVE_INFINITY;
  cdp.on("Network.responseReceived", ({ response, timestamp }) => {
    const url = new URL(response.url);
    if (url.pathname === "/api/events" && (url.searchParams.get("tracks") ?? "").split(",").includes(id)) streamUpAt = timestamp;
  });
  const events: { eventName: string; data: string; timestamp: number }[] = [];
  cdp.on("Network.eventSourceMessageReceived", ({ eventName, data, timestamp }) => events.push({ eventName, data, timestamp }));

  await page.goto(`${live.server.url}/track/${id}`);
  await page.getByText("Processing audio...").first().waitFor();
  await streamOpened;
  await page.getByText("Processing audio...").first().waitFor({ state: "detached", timeout: 150_000 });
  await page.getByRole("group", { name: "Player: Undertow" }).waitFor();
  await page.getByRole("region", { name: "Full track" }).getByRole("img", { name: "Waveform" }).waitFor();

  const ended = events.find((event) => event.eventName === "processing" && JSON.parse(event.data).stemId === null);
  expect(ended && JSON.parse(ended.data)).toEqual({ trackId: id, stemId: null, status: "READY" });
  // While the stream was up and until it said so, the page read the track fresh at most twice (the owner's studio
  // loading it, and once as the stream opened): it did not poll every 3 s, nor read it again on each stem's event,
  // through the encoding. Before the stream opened it may poll (SPEC §9), as a loaded machine can make it wait.
  const readsWhileUp = freshTrackReads.filter((sentAt) => sentAt >= streamUpAt && ended && sentAt < ended.timestamp);
  expect(readsWhileUp.length).toBeLessThanOrEqual(2);
  await context.close();
});
