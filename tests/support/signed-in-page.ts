import type { Browser, BrowserContext, Page } from "playwright-core";
import { AUTH_TOKEN_KEY } from "../../islands/lib/storage-keys";

export type SignedInPageOptions = { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean };

/**
 * A browser page that starts signed in: the real token from signup/login is put where the app keeps
 * it before any script runs, so the page's own /auth/me check does the rest.
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
  if (token)
    await context.addInitScript(([key, value]) => localStorage.setItem(key as string, value as string), [AUTH_TOKEN_KEY, token]);
  const page = await context.newPage();
  return { context, page };
}

/** The token the page's auth store holds now (null once signed out). */
export const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), AUTH_TOKEN_KEY);
