/**
 * A forgotten password in Chromium: the login page's "Forgot your password?" asks for the address and answers the
 * same for any address (without a mail server the admins are told); the link's page checks the two fields, sets the
 * new password, and the user logs in with it. A used link shows the server's message.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { call, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { originUrl } from "../support/origins";

setDefaultTimeout(60_000);

const ROOT = join(import.meta.dir, "../..");
const live = setUpServerAndBrowser();

/** What `npm run reset-password -- <email>` prints last: the link. */
function resetLink(email: string): string {
  const run = Bun.spawnSync(["bun", "scripts/reset-password.ts", email], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: live.server.dataDir,
      DATABASE_URL: live.server.databaseUrl ?? "",
      PUBLIC_URL: live.server.url,
    },
  });
  if (run.exitCode !== 0) throw new Error(run.stderr.toString());
  return run.stdout.toString().trim().split("\n").at(-1) as string;
}

describe("a forgotten password", () => {
  test("the login page leads to the request form: any address gets the same answer, and the admins are told", async () => {
    const admin = await signUp(live.server); // the first account is the admin
    const user = await signUp(live.server);
    // Each on one of the two origins (tests/support/origins.ts).
    for (const [email, width, origin] of [
      [user.user.email, 1280, "localhost"],
      ["nobody-here@example.com", 375, "lan"],
    ] as const) {
      const { page } = await live.openPage("/login", null, { viewport: { width, height: 800 }, origin });
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL(`${originUrl(live.server.url, origin)}/forgot-password`);
      await page.getByRole("heading", { name: "Forgot Password", level: 1 }).waitFor();
      const form = page.getByRole("form", { name: "Request a reset link" });
      await form.getByLabel("Email").fill("not an address");
      await form.getByRole("button", { name: "Send reset link" }).click();
      await form.getByText("Please enter a valid email address").waitFor();
      await form.getByLabel("Email").fill(email);
      await form.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("status").getByText(`If an account uses ${email}, a reset link is on its way`).waitFor();
      // One way back, not one in the answer and another under it.
      expect(await page.getByRole("link", { name: "Back to login" }).count()).toBe(1);
    }
    // Told once, for the account that exists, by username: the notice names no address.
    const deadline = Date.now() + 10_000;
    let notices: Array<{ title: string; message: string }> = [];
    while (notices.length === 0 && Date.now() < deadline) {
      const inbox = await call<{ items: Array<{ title: string; message: string }> }>(live.server, "GET", "/notifications", {
        token: admin.token,
      });
      notices = inbox.body.items.filter((item) => item.title === "Password reset requested");
      if (notices.length === 0) await Bun.sleep(100);
    }
    expect(notices.map((notice) => notice.message)).toEqual([
      `${user.user.username} forgot their password. Make them a reset link on the Users screen (/admin/users).`,
    ]);
  });

  test("the link's page checks both fields, sets the password, and the user logs in with it", async () => {
    const user = await signUp(live.server);
    const link = resetLink(user.user.email);
    const { page } = await live.openPage(new URL(link).pathname + new URL(link).search, null, {
      viewport: { width: 375, height: 740 },
    });
    const form = page.getByRole("form", { name: "Reset password" });
    await form.getByLabel("New password", { exact: true }).fill("Renewed789");
    await form.getByLabel("Confirm new password").fill("Renewed780");
    await form.getByRole("button", { name: "Set new password" }).click();
    await form.getByText("Passwords do not match").waitFor();
    await form.getByLabel("Confirm new password").fill("Renewed789");
    await form.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("status").filter({ hasText: "Your password has been changed." }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole("link", { name: "Log in" }).click();
    await page.getByLabel("Email").fill(user.user.email);
    await page.getByLabel("Password").fill("Renewed789");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("button", { name: user.user.username }).waitFor();
    expect((await call(live.server, "GET", "/auth/me", { token: user.token })).status).toBe(401);
  });

  test("a link used once shows why it no longer works", async () => {
    const user = await signUp(live.server);
    const link = new URL(resetLink(user.user.email));
    const used = await call(live.server, "POST", "/auth/password-reset", {
      body: { token: link.searchParams.get("token"), password: "Renewed789" },
    });
    expect(used.status).toBe(200);
    const { page } = await live.openPage(link.pathname + link.search, null);
    const form = page.getByRole("form", { name: "Reset password" });
    await form.getByLabel("New password", { exact: true }).fill("Another789");
    await form.getByLabel("Confirm new password").fill("Another789");
    await form.getByRole("button", { name: "Set new password" }).click();
    await form
      .getByRole("alert")
      .filter({ hasText: "This reset link is invalid, expired or already used. Ask your administrator for a new one." })
      .waitFor();
  });
});
