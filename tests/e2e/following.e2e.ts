/**
 * Following, in Chromium: a fan follows an artist from their page (the count goes up), sees the artist's new track in
 * the home page's Following tab and is told of it (the bell and the notifications page), then unfollows. With the
 * Following tab open (on localhost and on a plain-http LAN name), a new track joins the list live, at its top.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS, originUrl } from "../support/origins";
import { uploadTiny } from "../support/uploads";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let artist: Session;
let fan: Session;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  artist = await signUp(live.server);
  fan = await signUp(live.server);
  await uploadTiny(live.server, artist, { title: "Earlier Song", isPublic: true });
});

test("follow an artist, see their new track in Following and a notification, then unfollow", async () => {
  const { context, page } = await live.openPage(`/u/${artist.user.username}`, fan.token, {
    viewport: { width: 375, height: 800 },
  });
  await page.getByText("0 followers").waitFor();
  const follow = page.getByRole("button", { name: "Follow" });
  expect(await follow.getAttribute("aria-pressed")).toBe("false");
  await follow.click();
  const following = page.getByRole("button", { name: "Following" });
  await following.waitFor();
  expect(await following.getAttribute("aria-pressed")).toBe("true");
  await page.getByText("1 follower", { exact: true }).waitFor();
  // The server's page counts it too, without JavaScript's help.
  await page.reload();
  await page.getByText("1 follower", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Following" }).waitFor();

  await uploadTiny(live.server, artist, { title: "Fresh Upload", isPublic: true });
  await uploadTiny(live.server, artist, { title: "Kept Private", isPublic: false });
  await page.goto(`${live.server.url}/?list=following`);
  await page.getByRole("heading", { name: "Following", level: 1 }).waitFor();
  const cards = page.getByRole("article");
  await cards.filter({ hasText: "Fresh Upload" }).waitFor();
  await cards.filter({ hasText: "Earlier Song" }).waitFor();
  expect(await cards.filter({ hasText: "Kept Private" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Following" }).getAttribute("aria-current")).toBe("page");

  // The notification came from the upload's job: the bell counts it and the notifications page lists it.
  await page.getByRole("button", { name: /^Notifications, \d+ unread/ }).waitFor();
  await page.goto(`${live.server.url}/notifications`);
  // The list's entry, not the toast the event stream may show for the same notification meanwhile.
  await page.getByRole("listitem").getByText(`${artist.user.username} posted "Fresh Upload".`).waitFor();

  await page.goto(`${live.server.url}/u/${artist.user.username}`);
  await page.getByRole("button", { name: "Following" }).click();
  await page.getByRole("button", { name: "Follow" }).waitFor();
  await page.getByText("0 followers").waitFor();
  await page.goto(`${live.server.url}/?list=following`);
  await page.getByText("No tracks found").waitFor();
  await context.close();
});

test("visitors see the count and are asked to log in to follow; nobody follows themselves", async () => {
  const visitor = await live.openPage(`/u/${artist.user.username}`, null);
  await visitor.page.getByRole("link", { name: "Log in to follow" }).waitFor();
  expect(await visitor.page.getByRole("button", { name: "Follow" }).count()).toBe(0);
  await visitor.context.close();
  const self = await live.openPage(`/u/${artist.user.username}`, artist.token);
  await self.page
    .getByText(/followers?$/)
    .first()
    .waitFor();
  await self.page.getByRole("navigation", { name: "Artist" }).waitFor();
  expect(await self.page.getByRole("button", { name: /^Follow/ }).count()).toBe(0);
  await self.context.close();
});

for (const origin of ORIGINS)
  describe(`on ${origin}`, () => {
    test("a followed artist's new track rings the bell and joins the open Following list at its top, without a reload", async () => {
      const listener = await signUp(live.server);
      const followed = await call(live.server, "POST", `/users/${artist.user.username}/follow`, { token: listener.token });
      expect(followed.status).toBe(200);
      // Short enough that the artist's two cards scroll.
      const { context, page } = await live.openPage("/notifications", listener.token, {
        viewport: { width: 375, height: 480 },
        origin,
      });
      // Fresh reads of the unread count are the bell's polling (islands/lib/api.ts marks them no-cache).
      const polls: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname === "/api/notifications/unread-count" && request.headers()["cache-control"] === "no-cache")
          polls.push(url.search);
      });
      const streamUp = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200,
      );
      await page.goto(`${originUrl(live.server.url, origin)}/?list=following`);
      await streamUp;
      await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
      // The server's page lists the public tracks (the bell is in its HTML already): the island has taken over once
      // it says what the Following list holds.
      await page.getByText("Public tracks and forks of the artists you follow, newest first.").waitFor();
      const cards = page.getByRole("article");
      const earliest = cards.filter({ hasText: "Earlier Song" });
      await earliest.waitFor();
      // Scrolled down to the oldest card: a new one above must not move what is being looked at.
      await earliest.evaluate((card) => card.scrollIntoView({ block: "center" }));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const topBefore = await earliest.evaluate((card) => card.getBoundingClientRect().top);
      const shownBefore = await cards.count();
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const pollsBefore = polls.length;

      const title = `Heard Live on ${origin}`;
      await uploadTiny(live.server, artist, { title, isPublic: true });
      await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
      await page.getByRole("region", { name: "Messages" }).getByText(`${artist.user.username} posted "${title}".`).waitFor();
      // Before, the list showed it only after a reload.
      await cards.filter({ hasText: title }).waitFor();
      expect(await cards.first().textContent()).toContain(title);
      expect(await cards.count()).toBe(shownBefore + 1);
      expect(await cards.filter({ hasText: title }).count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(Math.abs((await earliest.evaluate((card) => card.getBoundingClientRect().top)) - topBefore)).toBeLessThan(2);
      // A private upload tells nobody and adds nothing.
      await uploadTiny(live.server, artist, { title: `Private on ${origin}`, isPublic: false });
      await page.waitForTimeout(1000);
      expect(await cards.count()).toBe(shownBefore + 1);
      expect(polls.length).toBe(pollsBefore);
      await context.close();
    });
  });
