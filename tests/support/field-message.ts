import type { Locator } from "playwright-core";

/**
 * Waits until the input's accessible description (its aria-describedby targets) reads `message`
 * and the input is marked invalid, or, with `null`, until it carries no message at all.
 * This is how a screen reader user meets a validation message: read with the field itself.
 */
export async function waitForFieldMessage(input: Locator, message: string | null): Promise<void> {
  const handle = await input.elementHandle();
  await input.page().waitForFunction(
    ([element, expected]) => {
      const el = element as HTMLInputElement;
      const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const description = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join(" ");
      if (expected === null) return description === "" && el.getAttribute("aria-invalid") !== "true";
      return description === expected && el.getAttribute("aria-invalid") === "true";
    },
    [handle, message] as const,
    { timeout: 5_000 },
  );
}
