import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { signUp } from "../support/api";
import { launchBrowser } from "../support/browser";
import { publicUrlOf, setUpOidcServer } from "../support/oidc-flow";
import { screenshotPath } from "../support/screenshots";
import { sessionCookieOf, signedInPage } from "../support/signed-in-page";
import { seriousViolations } from "./support/axe";

setDefaultTimeout(60_000);

/**
 * Chromium clicks the real "Sign in with…" button and signs in at a real provider (oidc-provider v8 on loopback);
 * the screens are checked at 1280 and 375 px (no sideways scrolling, no serious axe-core finding).
 */
const run = Date.now().toString(36);
const ACCOUNTS = {
  walker: { email: `walker-${run}@example.com`, email_verified: true, preferred_username: `walker_${run}` },
  holder: { email: `holder-${run}@example.com`, email_verified: true, preferred_username: "someone_else" },
};
const LABEL = "Test ID";
const { live, provider } = setUpOidcServer(ACCOUNTS, { OIDC_BUTTON_LABEL: LABEL });
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };
const base = () => publicUrlOf(live.server);

async function open(path: string, viewport = WIDE): Promise<Page> {
  const { page } = await signedInPage(browser, null, { viewport });
  await page.goto(`${base()}${path}`);
  return page;
}

const button = (page: Page) => page.getByRole("link", { name: `Sign in with ${LABEL}` });

/** Nothing on the page is wider than the window (no sideways scrolling at 375 px). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The provider's own login screen: any password signs `login` in. Skipped when the provider remembers them. */
async function signInAtProvider(page: Page, login: string) {
  // Left the sign-in screen: at the provider, or already back (the provider remembered them).
  await page.waitForURL(
    (url) =>
      url.origin === provider().issuer ||
      url.searchParams.has("oidc") ||
      url.searchParams.has("oidc_error") ||
      !["/login", "/register"].includes(url.pathname),
  );
  if (new URL(page.url()).origin !== provider().issuer) return;
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

// First: the server has not discovered the provider yet, so a provider that is down shows at the start.
test("a provider that is down: /login says so in words at 375 px, and the form still works", async () => {
  await provider().stop();
  try {
    const page = await open("/login", NARROW);
    await button(page).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `${LABEL} cannot be reached right now. Please try again later, or log in with your password.`,
    );
    expect(await page.getByRole("button", { name: "Login" }).isEnabled()).toBe(true);
    expect(await overflows(page)).toBe(false);
    await page.screenshot({ path: screenshotPath("oidc-provider-down-375"), fullPage: true });
  } finally {
    await provider().start();
  }
});

describe("the button", () => {
  for (const [name, viewport] of [
    ["1280", WIDE],
    ["375", NARROW],
  ] as const) {
    test(`shows on /login and /register at ${name} px, within the card`, async () => {
      for (const path of ["/login", "/register"]) {
        const page = await open(path, viewport);
        await button(page).waitFor();
        const box = await button(page).boundingBox();
        const card = await page.locator(".card-panel").boundingBox();
        expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width).toBe(true);
        expect(await overflows(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(`oidc${path.replace("/", "-")}-${name}`), fullPage: true });
      }
    });
  }
});

test("a first sign-in makes the account and returns to the page that sent the visitor, signed in", async () => {
  const page = await open("/login?next=%2Fmanage-storage");
  await button(page).click();
  await signInAtProvider(page, "walker");
  await page.waitForURL(`${base()}/manage-storage`);
  await page.getByRole("button", { name: `walker_${run}` }).waitFor();
  expect(await sessionCookieOf(page)).toBeTruthy();
  // Nothing of the hand-over stays in the address or the history.
  expect(page.url()).not.toContain("oidc");
});

// /login renders its form on the server (/register waits for the invite rule): a click before hydration follows it.
test("before hydration the button on /login already carries the page to return to, as the server read it", async () => {
  const html = await (await fetch(`${base()}/login?next=%2Fmanage-storage`)).text();
  expect(html).toContain(`href="/api/auth/oidc/start?next=%2Fmanage-storage"`);
  // An address on another site is never carried on.
  const elsewhere = await (await fetch(`${base()}/login?next=%2F%2Fevil.example`)).text();
  expect(elsewhere).toContain(`href="/api/auth/oidc/start"`);
});

test("an account with the provider's address: told to use the password, which links it; then the button signs in", async () => {
  const holder = await signUp(live.server, { email: ACCOUNTS.holder.email, username: `holder_${run}` });
  // Told at 375 px first (nothing linked), then at 1280 px, where the password is given and links the two.
  for (const viewport of [NARROW, WIDE]) {
    // A fresh browser each time: the link waits for a password in the same browser only.
    const page = await open("/register", viewport);
    await button(page).click();
    await signInAtProvider(page, "holder");
    await page.waitForURL((url) => url.pathname === "/login");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("An account with this e-mail already exists. Sign in with your password to link it.");
    expect(await overflows(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`oidc-link-${viewport.width}`), fullPage: true });
    if (viewport === NARROW) continue;
    await page.getByLabel("Email", { exact: true }).fill(holder.user.email);
    await page.getByLabel("Password", { exact: true }).fill(holder.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${base()}/`);
  }
  const page = await open("/login");
  await button(page).click();
  await signInAtProvider(page, "holder");
  await page.waitForURL(`${base()}/`);
  await page.getByRole("button", { name: holder.user.username }).waitFor();
});

test("a sign-in that cannot finish (a forged state) says so on /login", async () => {
  const page = await open("/login");
  await page.goto(`${base()}/api/auth/oidc/callback?code=forged&state=forged`);
  await page.waitForURL((url) => url.pathname === "/login");
  const alert = page.getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toBe(
    `That sign-in with ${LABEL} was started in another tab or browser, or took too long. Please try again.`,
  );
});
