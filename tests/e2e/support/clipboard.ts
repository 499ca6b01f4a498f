import type { Page } from "playwright-core";

/**
 * What the clipboard holds, as the user's own paste gives it (a scratch textarea, in the open modal dialog if any, as
 * everything outside one is inert): a page on plain http under a LAN name has no `navigator.clipboard` to read with.
 */
export async function pastedText(page: Page): Promise<string> {
  const scratch = await page.evaluateHandle(() => {
    const area = document.createElement("textarea");
    (document.querySelector("dialog[open]") ?? document.body).append(area);
    area.focus();
    return area;
  });
  await page.keyboard.press("ControlOrMeta+V");
  return scratch.evaluate((area) => {
    area.remove();
    return area.value;
  });
}
