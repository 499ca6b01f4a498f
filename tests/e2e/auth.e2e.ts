import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { fieldDescription, waitForFieldMessage } from "../support/field-message";
import { createInviteOnlySwitch, type InviteOnlySwitch } from "../support/invite-only";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS, originUrl } from "../support/origins";
import { sessionCookieOf } from "../support/signed-in-page";
import { holdIsland, hydrated } from "./support/hydrated";

setDefaultTimeout(30_000);

/** Two failed logins per account before 429, so the rate-limit message is quick to reach. */
const MAX_FAILURES = 2;

const live = setUpServerAndBrowser({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES) } });
let admin: Session;
let setInviteOnly: InviteOnlySwitch;

beforeAll(async () => {
  admin = await signUp(live.server);
  setInviteOnly = await createInviteOnlySwitch(live.server, admin);
});

async function openPage(path: string): Promise<Page> {
  const { page } = await live.openPage(path, null, { viewport: { width: 1100, height: 800 } });
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const formAlert = (page: Page) => page.locator("form").getByRole("alert");

async function fillRegistration(page: Page, values: { email: string; username: string; password: string }) {
  await field(page, "Email").fill(values.email);
  await field(page, "Username").fill(values.username);
  await field(page, "Password").fill(values.password);
}

describe("register, logout, login", () => {
  test("a new user registers, lands on / signed in, logs out to /login and logs back in", async () => {
    await setInviteOnly(false);
    const page = await openPage("/register");
    await fillRegistration(page, { email: "journey@example.com", username: "journey_user", password: "Secret123" });
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(`${live.server.url}/`);
    const userMenu = page.getByRole("button", { name: "journey_user" });
    await userMenu.waitFor();
    expect(await sessionCookieOf(page)).toBeTruthy();

    await userMenu.click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(`${live.server.url}/login`);
    expect(await sessionCookieOf(page)).toBeUndefined();
    expect(await page.getByRole("button", { name: "journey_user" }).count()).toBe(0);

    await field(page, "Email").fill("journey@example.com");
    await field(page, "Password").fill("Secret123");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${live.server.url}/`);
    await page.getByRole("button", { name: "journey_user" }).waitFor();
    const token = await sessionCookieOf(page);
    const me = await call<{ username: string }>(live.server, "GET", "/auth/me", { token: token ?? "" });
    expect(me.body.username).toBe("journey_user");
    // The session is the httpOnly cookie alone: no script of the page can read it anywhere.
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
    }));
    expect(JSON.stringify(readable)).not.toContain(token as string);
    expect(readable.cookie).not.toContain("stemma_session");
    expect(JSON.stringify(readable)).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });

  test("someone already signed in who opens /login is sent to /", async () => {
    const { page } = await live.openPage("/login", admin.token);
    await page.waitForURL(`${live.server.url}/`);
  });
});

describe("login form", () => {
  test("shows each SPEC message beside its field and clears it once fixed", async () => {
    const page = await openPage("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await waitForFieldMessage(field(page, "Email"), "Please enter a valid email address");
    await waitForFieldMessage(field(page, "Password"), "Password is required");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-email");

    await field(page, "Email").fill("someone@example.com");
    await waitForFieldMessage(field(page, "Email"), null);
    await field(page, "Password").fill("x");
    await waitForFieldMessage(field(page, "Password"), null);
  });

  test("a value fixed while the pointer that took the focus away is still down is checked as fixed", async () => {
    const page = await openPage("/login");
    await hydrated(page);
    const email = field(page, "Email");
    await email.fill("not-an-address");
    // The pointer goes down elsewhere: the field loses the focus, and its check waits for the release.
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    if (!heading) throw new Error("no heading");
    await page.mouse.move(heading.x + 5, heading.y + 5);
    await page.mouse.down();
    // Meanwhile the value is fixed (a fast hand, a password manager), as an input event would bring it.
    await email.evaluate((input: HTMLInputElement) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "someone@example.com");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.mouse.up();
    // The check runs in a task after the release: one more task, and it has run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    expect(await email.getAttribute("aria-invalid")).not.toBe("true");
    expect(await fieldDescription(email)).not.toContain("Please enter a valid email address");
  });

  test("a wrong password shows the server's message; repeated failures show the 429 message", async () => {
    const account = await signUp(live.server);
    const page = await openPage("/login");
    await field(page, "Email").fill(account.user.email);
    await field(page, "Password").fill("Wrong1234");
    for (let attempt = 1; attempt <= MAX_FAILURES; attempt++) {
      await page.getByRole("button", { name: "Login" }).click();
      await formAlert(page).filter({ hasText: "Invalid email or password" }).waitFor();
      await page.getByRole("button", { name: "Login" }).and(page.locator(":enabled")).waitFor();
    }
    await page.getByRole("button", { name: "Login" }).click();
    await formAlert(page).filter({ hasText: "Too many failed login attempts. Please wait 15 minutes and try again." }).waitFor();
    expect(page.url()).toBe(`${live.server.url}/login`);
    expect(await sessionCookieOf(page)).toBeUndefined();
  });

  test("when the server cannot be reached the form says 'An error occurred'", async () => {
    const page = await openPage("/login");
    await page.route("**/api/auth/login", (route) => route.abort("connectionrefused"));
    await field(page, "Email").fill("someone@example.com");
    await field(page, "Password").fill("Secret123");
    await page.getByRole("button", { name: "Login" }).click();
    await formAlert(page)
      .filter({ hasText: /^An error occurred$/ })
      .waitFor();
  });
});

describe.each(ORIGINS)("the login form from the server, on the %s origin", (origin) => {
  test("without JavaScript: the fields and button are on the page, with a note that logging in needs JavaScript", async () => {
    const html = await (await fetch(`${live.server.url}/login`)).text();
    expect(html).toContain('<input id="field-password" type="password"');
    const { context, page } = await live.openPage("/login", null, { javaScriptEnabled: false, origin });
    const form = page.getByRole("form", { name: "Login" });
    expect(await form.getByLabel("Email", { exact: true }).count()).toBe(1);
    expect(await form.getByLabel("Password", { exact: true }).count()).toBe(1);
    // Playwright's text search skips <noscript>; the paragraph is read directly.
    const notice = page.locator("main p.notice");
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toBe("Logging in needs JavaScript for now: turn it on in this browser to log in.");
    // A native submit could only fail, or put the password in an address: the button waits for the code.
    const login = form.getByRole("button", { name: "Login" });
    expect(await login.isDisabled()).toBe(true);
    await form.getByLabel("Password", { exact: true }).fill("Secret123");
    await form.getByLabel("Password", { exact: true }).press("Enter");
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${originUrl(live.server.url, origin)}/login`);
    await context.close();
  });

  test("with JavaScript: what is typed before the island hydrates is what signs in", async () => {
    const user = await signUp(live.server);
    const { context, page } = await live.openPage("/", null, { origin });
    // The island hydrates onto the server's markup: no mismatch (React's #418) or other error.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const release = await holdIsland(page, "LoginForm");
    await page.goto(`${originUrl(live.server.url, origin)}/login`);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email", { exact: true }).fill(user.user.email);
    await form.getByLabel("Password", { exact: true }).fill(user.password);
    expect(await form.getByRole("button", { name: "Login" }).isDisabled()).toBe(true);
    release();
    await form.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${originUrl(live.server.url, origin)}/`);
    expect(await sessionCookieOf(page)).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("register form", () => {
  const USERNAME_HINT = "At least 3 characters: letters, numbers, underscores and hyphens.";
  const PASSWORD_HINT = "At least 8 characters, with an uppercase letter, a lowercase letter and a number.";

  test("shows every SPEC message beside its field, following the input", async () => {
    await setInviteOnly(false);
    const page = await openPage("/register");
    const email = field(page, "Email");
    const username = field(page, "Username");
    const password = field(page, "Password");
    await username.waitFor();
    expect(await fieldDescription(username)).toBe(USERNAME_HINT);
    expect(await fieldDescription(password)).toBe(PASSWORD_HINT);
    await page.getByRole("button", { name: "Register" }).click();
    await waitForFieldMessage(email, "Please enter a valid email address");
    await waitForFieldMessage(username, "Username must be at least 3 characters long");
    await waitForFieldMessage(password, "Password must be at least 8 characters long");
    expect(await page.getByLabel("Invite Code").count()).toBe(0);

    await username.fill("a b!");
    await waitForFieldMessage(username, "Username can only contain letters, numbers, underscores, and hyphens");
    await username.fill("good_name-1");
    await waitForFieldMessage(username, null);
    expect(await fieldDescription(username)).toBe(USERNAME_HINT);

    for (const [value, message] of [
      ["Short1", "Password must be at least 8 characters long"],
      ["alllower1", "Password must contain at least one uppercase letter"],
      ["ALLUPPER1", "Password must contain at least one lowercase letter"],
      ["NoDigitsHere", "Password must contain at least one number"],
      ["Secret123", null],
    ] as const) {
      await password.fill(value);
      await waitForFieldMessage(password, message);
    }
    await email.fill("not-an-address@");
    await waitForFieldMessage(email, "Please enter a valid email address");
    await email.fill("fine@example.com");
    await waitForFieldMessage(email, null);
  });

  test("a message appears when a filled field is left, not while a blank form is tabbed through", async () => {
    const page = await openPage("/register");
    await field(page, "Email").focus();
    await page.keyboard.press("Tab");
    await waitForFieldMessage(field(page, "Email"), null);
    await field(page, "Username").fill("ab");
    await page.keyboard.press("Tab");
    await waitForFieldMessage(field(page, "Username"), "Username must be at least 3 characters long");
  });

  test("one click on Register while a wrong field is still focused submits: every field is checked", async () => {
    await setInviteOnly(false);
    const page = await openPage("/register");
    const email = field(page, "Email");
    await email.fill("not-an-address");
    // The e-mail's message appears as the click takes focus; the click must still land on the button.
    await page.getByRole("button", { name: "Register" }).click();
    // Only a submit checks the untouched fields.
    await waitForFieldMessage(field(page, "Username"), "Username must be at least 3 characters long");
    await waitForFieldMessage(field(page, "Password"), "Password must be at least 8 characters long");
    await waitForFieldMessage(email, "Please enter a valid email address");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-email");
  });

  test("a taken e-mail shows the server's message and nobody is signed in", async () => {
    await setInviteOnly(false);
    const existing = await signUp(live.server);
    const page = await openPage("/register");
    await fillRegistration(page, { email: existing.user.email, username: "brand_new_name", password: "Secret123" });
    await page.getByRole("button", { name: "Register" }).click();
    await formAlert(page).filter({ hasText: "An account with this email already exists" }).waitFor();
    expect(await sessionCookieOf(page)).toBeUndefined();
  });
});

describe("with EARLY_ACCESS_REQUIRED on", () => {
  beforeAll(() => setInviteOnly(true));
  afterAll(() => setInviteOnly(false));

  test("register asks for an invite code, links to early access, and accepts a real code", async () => {
    const invite = await call<{ code: string }>(live.server, "POST", "/admin/invite-codes", {
      token: admin.token,
      body: { maxUses: 1 },
    });
    const page = await openPage("/register");
    const inviteCode = field(page, "Invite Code");
    await inviteCode.waitFor();
    expect(await page.getByRole("link", { name: "Request early access" }).getAttribute("href")).toBe("/request-early-access");

    await fillRegistration(page, { email: "invited@example.com", username: "invited_user", password: "Secret123" });
    await page.getByRole("button", { name: "Register" }).click();
    await waitForFieldMessage(inviteCode, "Invite code is required");

    await inviteCode.fill("WRONGCODE1");
    await waitForFieldMessage(inviteCode, null);
    await page.getByRole("button", { name: "Register" }).click();
    await formAlert(page).filter({ hasText: "Invite code is invalid, expired or used up" }).waitFor();

    await inviteCode.fill(invite.body.code);
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(`${live.server.url}/`);
    await page.getByRole("button", { name: "invited_user" }).waitFor();
  });

  test("early access: message beside the field, then the success state with the button disabled; admins are told", async () => {
    const page = await openPage("/request-early-access");
    const button = page.getByRole("button", { name: "Request Early Access" });
    await button.click();
    await waitForFieldMessage(field(page, "Email"), "Please enter a valid email address");

    await field(page, "Email").fill("eager.fan@example.com");
    await button.click();
    await page.getByRole("status").filter({ hasText: "Your request for eager.fan@example.com has been received" }).waitFor();
    const sent = page.getByRole("button", { name: "Request Sent" });
    expect(await sent.isDisabled()).toBe(true);

    const inbox = await call<{ items: { type: string; message: string }[] }>(live.server, "GET", "/notifications", {
      token: admin.token,
    });
    const notices = inbox.body.items.filter((item) => item.type === "early-access-request");
    expect(notices.filter((item) => item.message.includes("eager.fan@example.com"))).toHaveLength(1);
  });
});

describe("with EARLY_ACCESS_REQUIRED off", () => {
  test("register has no invite code field and early access says registration is open", async () => {
    await setInviteOnly(false);
    const register = await openPage("/register");
    await field(register, "Username").waitFor();
    expect(await register.getByLabel("Invite Code").count()).toBe(0);
    expect(await register.getByRole("link", { name: "Request early access" }).count()).toBe(0);

    const early = await openPage("/request-early-access");
    await early.getByText("Registration is open to everyone right now").waitFor();
    expect(await early.getByRole("link", { name: "Create your account" }).getAttribute("href")).toBe("/register");
    expect(await early.getByRole("button", { name: "Request Early Access" }).count()).toBe(0);
  });
});

describe("coming back after signing in (?next=)", () => {
  async function logIn(page: Page, account: Awaited<ReturnType<typeof signUp>>) {
    await field(page, "Email").fill(account.user.email);
    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Login" }).click();
  }

  test("a path on this site is where login goes, query included", async () => {
    const account = await signUp(live.server);
    const page = await openPage(`/login?next=${encodeURIComponent("/?sort=title")}`);
    await logIn(page, account);
    await page.waitForURL(`${live.server.url}/?sort=title`);
    await page.getByRole("button", { name: account.user.username }).waitFor();
  });

  for (const hostile of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
    test(`next=${hostile} is ignored: login goes home`, async () => {
      const account = await signUp(live.server);
      const page = await openPage(`/login?next=${encodeURIComponent(hostile)}`);
      await logIn(page, account);
      await page.waitForURL(`${live.server.url}/`);
      await page.getByRole("button", { name: account.user.username }).waitFor();
    });
  }

  test("'Create an account' keeps the way back, and registering goes there", async () => {
    await setInviteOnly(false);
    const page = await openPage(`/login?next=${encodeURIComponent("/notifications")}`);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(`${live.server.url}/register?next=%2Fnotifications`);
    await fillRegistration(page, { email: "comeback@example.com", username: "comeback_user", password: "Secret123" });
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(`${live.server.url}/notifications`);
    await page.getByRole("button", { name: "comeback_user" }).waitFor();
  });

  test("someone already signed in who opens /login?next= is sent on there", async () => {
    const { page } = await live.openPage(`/login?next=${encodeURIComponent("/notifications")}`, admin.token);
    await page.waitForURL(`${live.server.url}/notifications`);
  });
});
