/**
 * Settings › Delete account in Chromium at 1280 and 375 px: what goes is named before and in the confirm dialog,
 * Cancel and a wrong password change nothing (the server's message shows in the dialog), the password deletes the
 * account and the browser lands on the home page signed out; the only admin is told why they cannot. A fork of the
 * deleted user's track then names "a track by a deleted user".
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { sessionCookieOf } from "../support/signed-in-page";
import { createTrack, uploadTiny, waitForProcessing } from "../support/uploads";

setDefaultTimeout(90_000);

const live = setUpServerAndBrowser();
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };
/** Every test account's (tests/support/api.ts signUp). */
const PASSWORD = "Secret123";

let admin: Session;
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the only admin
});

const open = async (token: string, viewport = WIDE) => (await live.openPage("/settings", token, { viewport })).page;
const section = (page: Page) => page.getByRole("region", { name: "Delete account" });
const meStatus = async (token: string) => (await call(live.server, "GET", "/auth/me", { token })).status;

/** Opens the dialog from the section, as a person would. */
async function openDialog(page: Page) {
  await section(page).getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.waitFor();
  return dialog;
}

describe("deleting one's account", () => {
  for (const [width, viewport] of [
    ["1280", WIDE],
    ["375", NARROW],
  ] as const) {
    test(`at ${width} px: named, cancelled, refused, then done`, async () => {
      const user = await signUp(live.server);
      await uploadTiny(live.server, user);
      const page = await open(user.token, viewport);
      await section(page).getByText("Your 1 track, with their stems, cover art and downloads").waitFor();
      await section(page).getByText("Your username and e-mail address stay reserved for 7 days").waitFor();

      // Cancel: nothing happens.
      let dialog = await openDialog(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await meStatus(user.token)).toBe(200);

      // An empty password is caught in the browser; a wrong one is the server's refusal, in the dialog.
      dialog = await openDialog(page);
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await dialog.getByText("Password is required").waitFor();
      await dialog.getByLabel("Password").fill("WrongPass1");
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await dialog.getByRole("alert").getByText("Current password is incorrect").waitFor();
      expect(await meStatus(user.token)).toBe(200);

      // The dialog fits the narrow screen: its buttons are on it.
      const box = await dialog.getByRole("button", { name: "Delete my account" }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);

      await dialog.getByLabel("Password").fill(PASSWORD);
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL(`${live.server.url}/`);
      await page.getByText("Your account has been deleted. Goodbye!").waitFor();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).waitFor();
      expect(await sessionCookieOf(page)).toBeUndefined();
      expect(await meStatus(user.token)).toBe(401);
    });
  }

  test("the only admin is told why they cannot, and offered no button", async () => {
    const page = await open(admin.token, NARROW);
    await section(page).getByText("You are the only admin, so you cannot delete your account.").waitFor();
    expect(await section(page).getByRole("button").count()).toBe(0);
  });

  test("a fork of a deleted user's track names a track by a deleted user", async () => {
    const owner = await signUp(live.server);
    const forker = await signUp(live.server);
    const stems = "stems/Nova Drift - Undertow";
    const original = await createTrack(live.server, owner.token, {
      original: `${stems} (full mix).wav`,
      stems: [{ path: `${stems} - bass.wav`, name: "Bass", type: "bass" }],
      data: { title: "Undertow", primaryArtistName: "Nova Drift", isPublic: true },
    });
    await waitForProcessing(live.server, owner.token, original);
    const fork = await call<{ id: string }>(live.server, "POST", `/track/${original}/fork`, {
      token: forker.token,
      body: { title: "Undertow (Fork)" },
    });
    expect(fork.status).toBe(201);
    expect((await call(live.server, "DELETE", "/auth/me", { token: owner.token, body: { password: PASSWORD } })).status).toBe(
      200,
    );

    const { page } = await live.openPage(`/track/${fork.body.id}`, forker.token, { viewport: WIDE });
    await page.getByText("Forked from a track by a deleted user").waitFor();
    expect(await page.getByText(owner.user.username).count()).toBe(0);
  });
});
