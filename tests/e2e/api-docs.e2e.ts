/**
 * The API reference at /api/docs in Chromium: it opens without a token, lists the operations, and a session token
 * given to Authorize is what "Try it out" sends (GET /api/auth/me answers 401 before, and the user after).
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  user = await signUp(live.server);
});

/** Swagger UI names an operation's block by its tag and operationId. */
const operation = (page: Page, tag: string, operationId: string) => page.locator(`#operations-${tag}-${operationId}`);

/** Runs GET /api/auth/me from its block ("Try it out", "Execute") and answers the status shown. */
async function tryProfile(page: Page): Promise<string> {
  const block = operation(page, "Auth", "getAuthMe");
  if (!(await block.locator(".opblock-body").isVisible())) await block.locator(".opblock-summary").click();
  const tryItOut = block.getByRole("button", { name: "Try it out" });
  if (await tryItOut.isVisible()) await tryItOut.click();
  // The answer of an earlier run stays shown until cleared: clear it, so the status read is this run's.
  const live = block.locator(".live-responses-table");
  const clear = block.getByRole("button", { name: "Clear" });
  if (await clear.isVisible()) await clear.click();
  await live.waitFor({ state: "detached" });
  await block.getByRole("button", { name: "Execute" }).click();
  const status = live.locator(".response .response-col_status").first();
  await status.waitFor();
  return (await status.textContent())?.trim() ?? "";
}

test("/api/docs lists the API for a visitor, and Authorize makes Try it out send the session token", async () => {
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${live.server.url}/api/docs`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: /Stemma API/ }).waitFor();
    await operation(page, "Tracks", "getTrackById").waitFor();
    // Routes that need a token show a lock; the published document says which.
    await expect(operation(page, "Auth", "getAuthMe").locator(".authorization__btn").count()).resolves.toBe(1);

    expect(await tryProfile(page)).toBe("401");

    await page.getByRole("button", { name: "Authorize" }).first().click();
    const bearer = page.locator("form").filter({ hasText: "bearerAuth" });
    await bearer.locator("input").fill(user.token);
    await bearer.getByRole("button", { name: "Apply credentials" }).click();
    await bearer.getByRole("button", { name: "Close" }).click();

    expect(await tryProfile(page)).toBe("200");
    await expect(operation(page, "Auth", "getAuthMe").locator(".live-responses-table").textContent()).resolves.toContain(
      user.user.username,
    );
    await page.screenshot({ path: screenshotPath("api-docs"), fullPage: false });
  } finally {
    await context.close();
  }
});
