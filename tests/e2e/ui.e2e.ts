import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { setUpServerAndBrowser } from "../support/lifecycle";

setDefaultTimeout(30_000);

const live = setUpServerAndBrowser();

describe("error view", () => {
  test("a failed load shows the error with Try Again, and Try Again loads again", async () => {
    const page = await live.browser.newPage();
    // The register screen needs the enabled features; the first answer is a server failure.
    let failures = 0;
    await page.route("**/api/auth/enabled-features", (route) => {
      if (failures++ > 0) return route.continue();
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Server busy" }) });
    });
    await page.goto(`${live.server.url}/register`);
    const error = page.getByRole("alert").filter({ hasText: "API request failed: Server busy" });
    await error.waitFor();
    await error.getByRole("button", { name: "Try Again" }).click();
    await page.getByLabel("Username").waitFor();
    expect(failures).toBe(2);
    expect(await page.getByRole("button", { name: "Try Again" }).count()).toBe(0);
  });
});

describe("toasts", () => {
  /** A blank page with the built stylesheet, the Toaster island and window.showToast; a fake clock. */
  async function toasterPage(): Promise<Page> {
    const build = await Bun.build({
      entrypoints: [join(import.meta.dir, "harness/toaster-harness.tsx")],
      target: "browser",
      minify: true,
      define: { "process.env.NODE_ENV": '"production"' },
    });
    if (!build.success) throw new AggregateError(build.logs, "harness build failed");
    const script = await build.outputs[0]?.text();
    const css = await Bun.file(join(import.meta.dir, "../../src/styles/global.css")).text();
    const page = await live.browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.setContent(`<!doctype html><style>${css}</style><div id="root"></div>`);
    await page.addScriptTag({ type: "module", content: script });
    await page.waitForFunction(() => "showToast" in window);
    // After loading: a paused fake clock from here on, so only runFor() moves the toasts' timers.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    return page;
  }

  const show = (page: Page, toast: { type?: string; title: string; message: string }) =>
    page.evaluate((t) => (window as unknown as { showToast: (toast: unknown) => void }).showToast(t), toast);

  test("each type shows at the bottom right with title, message and close button; close removes only that one", async () => {
    const page = await toasterPage();
    await show(page, { type: "success", title: "Saved", message: "Track info saved." });
    await show(page, { type: "error", title: "Upload failed", message: "Audio file is required" });
    await show(page, { type: "warning", title: "Storage", message: "Nearly full" });
    await show(page, { type: "storage-ish", title: "FYI", message: "Something happened" });
    const region = page.getByRole("region", { name: "Messages" });
    const toasts = region.locator(".toast");
    await toasts.nth(3).waitFor();
    expect(await toasts.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-type")))).toEqual([
      "success",
      "error",
      "warning",
      "info",
    ]);
    const failed = region.getByRole("alert");
    expect(await failed.getByText("Upload failed").isVisible()).toBe(true);
    expect(await failed.getByText("Audio file is required").isVisible()).toBe(true);

    const box = await region.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(1000 - (box.x + box.width)).toBeLessThan(40);
      expect(700 - (box.y + box.height)).toBeLessThan(40);
      expect(box.x).toBeGreaterThan(500);
    }

    await failed.getByRole("button", { name: "Close" }).click();
    await failed.waitFor({ state: "detached" });
    expect(await toasts.count()).toBe(3);
  });

  test("a toast vanishes after 5 seconds, not before", async () => {
    const page = await toasterPage();
    await show(page, { type: "info", title: "Heads up", message: "Shown for five seconds" });
    const toast = page.getByRole("status").filter({ hasText: "Heads up" });
    await toast.waitFor();
    await page.clock.runFor(4_900);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(200);
    await toast.waitFor({ state: "detached" });
  });
});
