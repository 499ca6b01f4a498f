import type { Browser, BrowserContext, Page } from "playwright-core";
import { AUTH_USER_KEY } from "../../islands/lib/storage-keys";
import { SESSION_COOKIE } from "../../modules/auth";
import { LAN_HOST } from "./origins";

export type SignedInPageOptions = { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean };

/** The user id a session token (a JWT) names; "" for a token that is none. */
function subjectOf(token: string): string {
  try {
    return (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { sub?: string }).sub ?? "";
  } catch {
    return "";
  }
}

/**
 * A browser page that starts signed in, as after a login: the real session token from signup/login in the httpOnly
 * session cookie (for every port of localhost and of the LAN name, as cookies do not mind ports), and the hint the page
 * keeps of who signed in, so the page's own /auth/me check does the rest. Signing out ends the session on the server,
 * so a cookie put back by a later load names nobody.
 */
export async function signedInPage(
  browser: Browser,
  token: string | null,
  options: SignedInPageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1200, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  if (token) {
    // Through Chromium's own cookie call, with a URL and no domain: a host-only cookie, as the server's Set-Cookie
    // makes, so the server's later Set-Cookie (a new session, signing out) replaces it. Playwright's addCookies
    // names a domain, which makes another cookie beside the server's.
    const cdp = await context.newCDPSession(page);
    for (const host of ["localhost", LAN_HOST]) {
      await cdp.send("Network.setCookie", {
        name: SESSION_COOKIE,
        value: token,
        url: `http://${host}/`,
        httpOnly: true,
        sameSite: "Lax",
      });
    }
    await cdp.detach();
    const hint = JSON.stringify({ id: subjectOf(token), username: "" });
    await context.addInitScript(([key, value]) => localStorage.setItem(key as string, value as string), [AUTH_USER_KEY, hint]);
  }
  return { context, page };
}

/** What the page keeps of who signed in (null once signed out or found signed out). */
export const storedHint = (page: Page) => page.evaluate((key) => localStorage.getItem(key), AUTH_USER_KEY);

/** The session cookie the page's site holds now (undefined once signed out). */
export const sessionCookieOf = async (page: Page) =>
  (await page.context().cookies(page.url())).find((cookie) => cookie.name === SESSION_COOKIE)?.value || undefined;
