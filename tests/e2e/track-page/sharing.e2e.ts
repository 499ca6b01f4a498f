import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../../support/api";
import { waitForFieldMessage } from "../../support/field-message";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { screenshotPath } from "../../support/screenshots";
import { signedInPage } from "../../support/signed-in-page";
import { waitForProcessing } from "../../support/uploads";
import { CORPUS, openTrackPage, uploadTrack } from "./fixtures";

setDefaultTimeout(90_000);

const live = setUpServerAndBrowser();
let owner: Session;
let friend: Session;

beforeAll(async () => {
  await signUp(live.server); // The first account is the admin, who may see every track; the others are plain users.
  [owner, friend] = await Promise.all([signUp(live.server), signUp(live.server)]);
});

/** A processed track of the owner's (a short real FLAC), private unless `isPublic`. */
async function newTrack(title: string, isPublic = false): Promise<string> {
  const id = await uploadTrack(live.server, owner.token, {
    original: `${CORPUS}/real-audio/hydrogen-808_Cymbal.flac`,
    data: { title, isPublic },
  });
  await waitForProcessing(live.server, owner.token, id);
  return id;
}

const panel = (page: Page) => page.getByRole("region", { name: "Sharing" });
const emailInput = (page: Page) => panel(page).getByLabel("Share with (email address)");
const shareButton = (page: Page) => panel(page).getByRole("button", { name: "Share", exact: true });
const sharedList = (page: Page) => panel(page).getByRole("list", { name: "Shared with" });

async function shareWith(page: Page, email: string): Promise<void> {
  await emailInput(page).fill(email);
  await shareButton(page).click();
}

/** Every request the page makes, so a test can show what a viewer's browser never asked for. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

describe("the owner's sharing panel", () => {
  test("sharing a private track by e-mail lets the other user open it; removing takes it away again", async () => {
    const id = await newTrack("Shared Secret");
    const page = await openTrackPage(live, id, { token: owner.token });
    await panel(page).getByText("Not shared with anyone yet.").waitFor();

    await shareWith(page, `  ${friend.user.email.toUpperCase()} `);
    await sharedList(page).getByText(friend.user.email).waitFor();
    const toast = page.getByRole("status").filter({ hasText: "Track shared" });
    await toast.getByText(`Shared with ${friend.user.username} (${friend.user.email}).`).waitFor();
    // A fresh form for the next address, with the focus still in it.
    expect(await emailInput(page).inputValue()).toBe("");
    expect(await emailInput(page).evaluate((input) => input === document.activeElement)).toBe(true);

    const { context: friendContext, page: friendPage } = await signedInPage(live.browser, friend.token);
    const friendRequests = recordRequests(friendPage);
    await friendPage.goto(`${live.server.url}/track/${id}`);
    await friendPage.getByRole("heading", { level: 1, name: "Shared Secret" }).waitFor();
    await friendPage.getByText(`Uploaded by ${owner.user.username}`).waitFor();
    const shared = await call<{ items: { id: string }[] }>(live.server, "GET", "/tracks/shared", { token: friend.token });
    expect(shared.body.items.map((item) => item.id)).toContain(id);
    // The shared user is not the owner: no panel, and nothing asked on its behalf.
    await friendPage.waitForLoadState("networkidle");
    expect(await panel(friendPage).count()).toBe(0);
    expect(friendRequests.filter((path) => /SharingPanel|\/share$|\/auth\/users/.test(path))).toEqual([]);

    await sharedList(page)
      .getByRole("button", { name: `Remove ${friend.user.email}` })
      .click();
    await panel(page).getByText("Not shared with anyone yet.").waitFor();
    await page.getByRole("status").filter({ hasText: "Sharing removed" }).waitFor();

    await friendPage.reload();
    await friendPage.getByRole("alert").getByText("Failed to load track details").waitFor();
    const after = await call<{ items: { id: string }[] }>(live.server, "GET", "/tracks/shared", { token: friend.token });
    expect(after.body.items.map((item) => item.id)).not.toContain(id);
    await friendContext.close();
    await page.context().close();
  });

  test("an invalid address, an unknown one, your own, and one already on the list each get a message by the field", async () => {
    const id = await newTrack("Messages");
    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    const page = await openTrackPage(live, id, { token: owner.token });
    await sharedList(page).getByText(friend.user.email).waitFor();
    const requests = recordRequests(page);
    const lookups = () => requests.filter((path) => path === "/api/auth/users").length;

    await shareWith(page, "not-an-email");
    await waitForFieldMessage(emailInput(page), "Please enter a valid email address");
    expect(lookups()).toBe(0);

    await shareWith(page, "nobody-here@example.com");
    await waitForFieldMessage(emailInput(page), "No user with this email address");
    expect(lookups()).toBe(1);
    // Typing again clears the lookup's answer until the next try.
    await emailInput(page).pressSequentially("m");
    await waitForFieldMessage(emailInput(page), null);

    await shareWith(page, owner.user.email);
    await waitForFieldMessage(emailInput(page), "You cannot share a track with yourself");

    await shareWith(page, friend.user.email);
    await waitForFieldMessage(emailInput(page), "This track is already shared with this user");

    const stored = await call<{ sharedWith: { userId: string }[] }>(live.server, "GET", `/track/${id}`, { token: owner.token });
    expect(stored.body.sharedWith.map((entry) => entry.userId)).toEqual([friend.user.id]);
    // What the page knows already (your own address, the list) is not asked of the server.
    expect(lookups()).toBe(1);
    await page.context().close();
  });

  test("on a public (server-rendered) page the owner's panel loads the list; visitors and other users get no panel", async () => {
    const id = await newTrack("Open Air", true);
    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    const { context, page } = await signedInPage(live.browser, owner.token);
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${live.server.url}/track/${id}`);
    await sharedList(page).getByText(friend.user.email).waitFor();
    // The panel appears after the server-rendered page hydrates, without a mismatch or any other error.
    expect(errors).toEqual([]);
    await context.close();

    const stranger = await signUp(live.server);
    for (const token of [stranger.token, friend.token, undefined]) {
      const { context, page: viewerPage } = await signedInPage(live.browser, token ?? null);
      const requests = recordRequests(viewerPage);
      await viewerPage.goto(`${live.server.url}/track/${id}`);
      await viewerPage.getByText(`Uploaded by ${owner.user.username}`).waitFor();
      await viewerPage.waitForLoadState("networkidle");
      expect(await panel(viewerPage).count()).toBe(0);
      // The track itself and its shares are not fetched (the comments under the player are everyone's).
      expect(requests.filter((path) => /SharingPanel|\/share$|\/auth\/users|\/api\/track\/[^/]+$/.test(path))).toEqual([]);
      await context.close();
    }
  });
});

describe("when the track is deleted while the page is open", () => {
  test("Share shows the server's message by the form and Remove an error toast; the list stays as it was", async () => {
    const id = await newTrack("Going Away");
    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    const page = await openTrackPage(live, id, { token: owner.token });
    await sharedList(page).getByText(friend.user.email).waitFor();
    const deleted = await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [id] } });
    expect(deleted.status).toBe(200);

    const other = await signUp(live.server);
    await emailInput(page).fill(other.user.email);
    await emailInput(page).press("Enter");
    await panel(page).getByRole("alert").getByText("Track not found").waitFor();

    await sharedList(page)
      .getByRole("button", { name: `Remove ${friend.user.email}` })
      .click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Sharing not removed" })
      .getByText("API request failed: Track not found")
      .waitFor();
    expect(await sharedList(page).getByRole("listitem").count()).toBe(1);
    await page.context().close();
  });
});

describe("layout", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`fits ${viewport.width}px without sideways scrolling (screenshot in test-results/screenshots)`, async () => {
      const id = await newTrack("Layout");
      const longAddress = await signUp(live.server, { email: `a.rather.long.address.for.a.phone.${viewport.width}@example.com` });
      await call(live.server, "POST", `/track/${id}/share`, {
        token: owner.token,
        body: { userIds: [friend.user.id, longAddress.user.id] },
      });
      const { context, page } = await live.openPage(`/track/${id}`, owner.token, { viewport });
      await sharedList(page).getByText(longAddress.user.email).waitFor();
      await shareWith(page, "nobody-here@example.com");
      await waitForFieldMessage(emailInput(page), "No user with this email address");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // From the top, so the sticky top bar is drawn where it belongs in the full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(0, 0);
      await page.screenshot({ path: screenshotPath(`sharing-${viewport.width}`), fullPage: true });
      await context.close();
    });
  }
});
