/**
 * Islands hydrate one by one. When the top bar has already checked the stored token (and signed the
 * user in) before a page's own island hydrates, that island must still hydrate onto the HTML the
 * server rendered, with no React hydration mismatch (#418), and then show the signed-in content.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { signedInPage } from "../support/signed-in-page";
import { uploadTiny } from "../support/uploads";
import { holdIsland } from "./support/hydrated";

setDefaultTimeout(30_000);

const live = setUpServerAndBrowser();
let user: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  user = await signUp(live.server);
  await uploadTiny(live.server, user, { title: "Hydration Check" });
});

/** Each page, the island whose code is held back, and what it shows once hydrated and signed in. */
const PAGES = [
  { path: "/", island: "HomeTracks", ready: { role: "heading", name: "Available Tracks" } },
  { path: "/my-tracks/authored", island: "MyTracks", ready: { role: "heading", name: "My Tracks" } },
  { path: "/my-tracks/shared", island: "MyTracks", ready: { role: "heading", name: "Shared With Me" } },
  { path: "/manage-storage", island: "StoragePage", ready: { role: "button", name: "Upgrade Your Plan" } },
  { path: "/settings", island: "SettingsPage", ready: { role: "button", name: "Change password" } },
  { path: "/notifications", island: "NotificationsPage", ready: { role: "heading", name: "Notifications" } },
] as const;

describe("hydration after the top bar has signed in", () => {
  for (const { path, island, ready } of PAGES)
    test(`${path}: the page's island hydrates without a mismatch`, async () => {
      const { context, page } = await signedInPage(live.browser, user.token);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // Hold the island's code until the top bar shows the signed-in user.
      const release = await holdIsland(page, island);
      await page.goto(`${live.server.url}${path}`, { waitUntil: "domcontentloaded" });
      await page.getByRole("button", { name: user.user.username }).waitFor();
      release();
      await page.getByRole(ready.role, { name: ready.name, exact: true }).first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll("astro-island[ssr]").length === 0);
      expect(errors).toEqual([]);
      await context.close();
    });
});
