/**
 * /settings in Chromium at 1280 and 375 px: the account, the profile (avatar, username, display name and bio), a password change (messages beside the fields, the
 * server's refusal, then success that keeps this browser signed in and signs every other one out), "Log out
 * everywhere", the list of signed-in sessions and personal access tokens.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { PASSWORD_CHANGED } from "../../islands/settings/PasswordForm";
import { call, signUp } from "../support/api";
import { corpusPath } from "../support/corpus";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { sessionCookieOf } from "../support/signed-in-page";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };

const open = async (token: string | null, viewport = WIDE) => (await live.openPage("/settings", token, { viewport })).page;
const section = (page: Page, name: string) => page.getByRole("region", { name });
const signedInAs = (page: Page, username: string) => page.getByRole("button", { name: username }).waitFor();
const meStatus = async (token: string) => (await call(live.server, "GET", "/auth/me", { token })).status;
/** A second session of the account, as another browser would hold. */
const secondSession = async (email: string, password: string) =>
  (await call<{ token: string }>(live.server, "POST", "/auth/login", { body: { email, password } })).body.token;

describe("settings", () => {
  test("the user menu leads to Settings, which shows the account, Email, Password and Sessions", async () => {
    await signUp(live.server); // the first account is the admin
    const user = await signUp(live.server);
    const { page } = await live.openPage("/", user.token, { viewport: WIDE });
    await page.getByRole("button", { name: user.user.username }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    const account = section(page, "Account");
    await account.getByText(user.user.email).waitFor();
    expect(await account.getByRole("definition").allTextContents()).toEqual([user.user.username, user.user.email]);
    await section(page, "Email").getByRole("button", { name: "Change email" }).waitFor();
    await section(page, "Password").getByRole("button", { name: "Change password" }).waitFor();
    await section(page, "Sessions").getByRole("button", { name: "Log out everywhere" }).waitFor();
  });

  test("a visitor is sent to /login and comes back to Settings after signing in", async () => {
    const page = await open(null);
    await page.waitForURL(/\/login\?next=%2Fsettings$/);
  });

  test("the profile: a display name and a bio are saved, kept after a reload, and an empty name removes it", async () => {
    const user = await signUp(live.server);
    const page = await open(user.token);
    const profile = section(page, "Profile");
    const name = profile.getByLabel("Display name");
    await name.waitFor();
    expect(await name.inputValue()).toBe("");
    await profile.getByText("Shown instead of your username; leave it empty to use that").waitFor();
    await name.fill("Ada L.");
    await profile.getByLabel("Bio").fill("Synths and field recordings.");
    await profile.getByText("28/500 characters, plain text").waitFor();
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByRole("status").getByText("Your profile has been saved.").waitFor();

    await page.reload();
    await expect(section(page, "Profile").getByLabel("Display name").inputValue()).resolves.toBe("Ada L.");
    expect(await section(page, "Profile").getByLabel("Bio").inputValue()).toBe("Synths and field recordings.");
    await section(page, "Profile").getByLabel("Display name").fill("");
    await section(page, "Profile").getByRole("button", { name: "Save profile" }).click();
    await section(page, "Profile").getByRole("status").waitFor();
    const me = await call<{ displayName: string | null; bio: string }>(live.server, "GET", "/auth/me", { token: user.token });
    expect(me.body).toMatchObject({ displayName: null, bio: "Synths and field recordings." });
  });

  test("changing the username: its rules, a taken one refused, then the header and the account show the new one", async () => {
    const user = await signUp(live.server);
    const other = await signUp(live.server);
    const page = await open(user.token);
    const profile = section(page, "Profile");
    const username = profile.getByLabel("Username");
    await username.waitFor();
    expect(await username.inputValue()).toBe(user.user.username);
    await username.fill("no spaces");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByText("Username can only contain letters, numbers, underscores, and hyphens").waitFor();

    await username.fill(other.user.username.toUpperCase());
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByRole("alert").filter({ hasText: "This username is already taken" }).waitFor();

    const renamed = `renamed-${user.user.username}`.slice(0, 40);
    await username.fill(renamed);
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByRole("status").getByText("Your profile has been saved.").waitFor();
    await signedInAs(page, renamed);
    await section(page, "Account").getByText(renamed, { exact: true }).waitFor();
    await page.reload();
    await signedInAs(page, renamed);
    expect(await section(page, "Profile").getByLabel("Username").inputValue()).toBe(renamed);
  });

  test("the avatar: a chosen image shows at once, a file that is no image is refused, Remove brings the letter back", async () => {
    const user = await signUp(live.server);
    const page = await open(user.token);
    const profile = section(page, "Profile");
    await profile.getByText("JPEG, PNG or WebP, at most 10 MB; shown square.").waitFor();
    const picker = profile.getByLabel("Choose avatar");
    await picker.setInputFiles(corpusPath("images/matplotlib-grace_hopper.jpg"));
    await profile.getByRole("status").getByText("Your avatar has been updated.").waitFor();
    const image = profile.getByRole("img", { name: "Your avatar" });
    await image.waitFor();
    // Decoded at the size asked for: the large rendition in Settings.
    await image.evaluate((element) => (element as HTMLImageElement).decode());
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(400);
    // The top bar shows it beside the username at once, and after a reload.
    const menuAvatar = page.getByRole("button", { name: user.user.username }).locator("img");
    await menuAvatar.evaluate((element) => (element as HTMLImageElement).decode());
    expect(await menuAvatar.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(96);

    await profile.getByLabel("Change avatar").setInputFiles(corpusPath("bad/svg-script-as.png"));
    await profile.getByRole("alert").filter({ hasText: "Avatar must be a JPEG, PNG or WebP image" }).waitFor();
    await page.reload();
    await section(page, "Profile").getByRole("img", { name: "Your avatar" }).waitFor();
    await page.getByRole("button", { name: user.user.username }).locator("img").waitFor();

    await section(page, "Profile").getByRole("button", { name: "Remove avatar" }).click();
    await section(page, "Profile").getByRole("status").getByText("Your avatar has been removed.").waitFor();
    expect(await section(page, "Profile").getByRole("img", { name: "Your avatar" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: user.user.username }).locator("img").count()).toBe(0);
    expect((await fetch(`${live.server.url}/api/auth/users/${user.user.id}/avatar`)).status).toBe(404);
  });

  test("changing the e-mail address: its messages, a taken address refused, then the account shows the new one", async () => {
    const user = await signUp(live.server);
    const other = await signUp(live.server);
    const page = await open(user.token);
    const form = section(page, "Email");
    await form.getByLabel("New email").fill("not-an-address");
    await form.getByRole("button", { name: "Change email" }).click();
    await form.getByText("Please enter a valid email address").waitFor();
    await form.getByText("Password is required").waitFor();

    await form.getByLabel("New email").fill(other.user.email);
    await form.getByLabel("Current password").fill(user.password);
    await form.getByRole("button", { name: "Change email" }).click();
    await form.getByRole("alert").filter({ hasText: "An account with this email already exists" }).waitFor();

    const address = `moved-${user.user.username}@example.com`;
    await form.getByLabel("New email").fill(address);
    await form.getByRole("button", { name: "Change email" }).click();
    await form
      .getByRole("status")
      .filter({ hasText: `Your email address is now ${address}.` })
      .waitFor();
    await section(page, "Account").getByText(address).waitFor();
  });

  test("changing the password: messages beside the fields, the server's refusal, then success", async () => {
    const user = await signUp(live.server);
    const elsewhere = await secondSession(user.user.email, user.password);
    const page = await open(user.token);
    const form = section(page, "Password");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Password is required").waitFor();
    await form.getByLabel("Current password").fill("WrongPass1");
    await form.getByLabel("New password", { exact: true }).fill("short");
    await form.getByLabel("Confirm new password").fill("other");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Password must be at least 8 characters long").waitFor();
    await form.getByText("Passwords do not match").waitFor();

    await form.getByLabel("New password", { exact: true }).fill("Changed456");
    await form.getByLabel("Confirm new password").fill("Changed456");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByRole("alert").filter({ hasText: "Current password is incorrect" }).waitFor();

    await form.getByLabel("Current password").fill(user.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByRole("status").filter({ hasText: PASSWORD_CHANGED }).waitFor();
    // This browser holds the new session; the one it had and the other browser's are over.
    const kept = (await sessionCookieOf(page)) as string;
    expect(kept).not.toBe(user.token);
    expect(await meStatus(kept)).toBe(200);
    expect([await meStatus(user.token), await meStatus(elsewhere)]).toEqual([401, 401]);
    await page.reload();
    await signedInAs(page, user.user.username);
  });

  test("log out everywhere asks for the password, then lands on /login with every session over", async () => {
    const user = await signUp(live.server);
    const elsewhere = await secondSession(user.user.email, user.password);
    const page = await open(user.token);
    const form = section(page, "Sessions");
    await form.getByLabel("Password").fill("WrongPass1");
    await form.getByRole("button", { name: "Log out everywhere" }).click();
    await form.getByRole("alert").filter({ hasText: "Current password is incorrect" }).waitFor();
    expect(await meStatus(elsewhere)).toBe(200);

    await form.getByLabel("Password").fill(user.password);
    await form.getByRole("button", { name: "Log out everywhere" }).click();
    await page.waitForURL(`${live.server.url}/login`);
    expect(await sessionCookieOf(page)).toBeUndefined();
    expect([await meStatus(user.token), await meStatus(elsewhere)]).toEqual([401, 401]);
  });

  test("Sessions lists each signed-in browser; one is signed out, then every other", async () => {
    const user = await signUp(live.server);
    const phoneAgent =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const phone = await call<{ token: string }>(live.server, "POST", "/auth/login", {
      body: { email: user.user.email, password: user.password },
      headers: { "user-agent": phoneAgent },
    });
    const laptop = await secondSession(user.user.email, user.password);
    const page = await open(user.token);
    const list = section(page, "Sessions").getByRole("list", { name: "Signed-in sessions" });
    await list.getByText("Safari 18 on iPhone").waitFor();
    expect(await list.getByRole("listitem").count()).toBe(3);
    await list.getByText("This browser").waitFor();

    await list.getByRole("button", { name: "Sign out Safari 18 on iPhone" }).click();
    await list.getByText("Safari 18 on iPhone").waitFor({ state: "detached" });
    expect(await meStatus(phone.body.token)).toBe(401);

    await section(page, "Sessions").getByRole("button", { name: "Sign out everywhere else" }).click();
    await section(page, "Sessions").getByRole("button", { name: "Sign out everywhere else" }).waitFor({ state: "detached" });
    expect(await list.getByRole("listitem").count()).toBe(1);
    expect([await meStatus(laptop), await meStatus(user.token)]).toEqual([401, 200]);
  });

  test("Tokens: a token is made with scopes and an expiry, shown once, works for the API and is revoked", async () => {
    await signUp(live.server); // the first account is the admin: this user is not
    const user = await signUp(live.server);
    const page = await open(user.token);
    const tokens = section(page, "Tokens");
    await tokens.getByText("You have no tokens.").waitFor();
    // Only admins are offered the admin scope.
    expect(await tokens.getByRole("checkbox").count()).toBe(3);
    await tokens.getByRole("button", { name: "Make token" }).click();
    await tokens.getByRole("alert").filter({ hasText: "Give the token a name" }).waitFor();

    await tokens.getByLabel("Token name").fill("Nightly backup");
    await tokens.getByRole("checkbox", { name: /^Write/ }).check();
    await tokens.getByLabel("Expires after").selectOption({ label: "90 days" });
    await tokens.getByRole("button", { name: "Make token" }).click();
    const shown = (await tokens.locator(".new-token-value").textContent()) as string;
    expect(shown).toMatch(/^stemma_pat_/);
    await tokens.getByText("It is not shown again.").waitFor();
    const listed = tokens.getByRole("list", { name: "Access tokens" }).getByRole("listitem");
    await listed.getByText("Nightly backup").waitFor();
    expect(await listed.textContent()).toContain("read, write");
    expect(await listed.textContent()).toContain("never used");
    expect(await meStatus(shown)).toBe(200);

    await page.reload();
    await section(page, "Tokens").getByText("Nightly backup").waitFor();
    expect(await page.content()).not.toContain(shown);
    await section(page, "Tokens").getByRole("button", { name: "Revoke Nightly backup" }).click();
    await section(page, "Tokens").getByText("You have no tokens.").waitFor();
    expect(await meStatus(shown)).toBe(401);
  });

  test("at 375 px every section fits without scrolling sideways", async () => {
    const user = await signUp(live.server, { username: "a_settings_user_with_a_long_name" });
    const page = await open(user.token, NARROW);
    await section(page, "Sessions").getByRole("button", { name: "Log out everywhere" }).waitFor();
    await section(page, "Profile").getByLabel("Bio").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  });
});
