import type { Locator } from "playwright-core";

/**
 * Waits until the input's accessible description (its aria-describedby targets) reads `message`
 * and the input is marked invalid, or, with `null`, until it is valid again (a hint may remain).
 * This is how a screen reader user meets a validation message: read with the field itself.
 */
export async function waitForFieldMessage(input: Locator, message: string | null): Promise<void> {
  const handle = await input.elementHandle();
  await input.page().waitForFunction(
    ([element, expected]) => {
      const el = element as HTMLInputElement;
      const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const description = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join(" ");
      const hasError = ids.some((id) => document.getElementById(id)?.classList.contains("field-error"));
      if (expected === null) return !hasError && el.getAttribute("aria-invalid") !== "true";
      return description === expected && el.getAttribute("aria-invalid") === "true";
    },
    [handle, message] as const,
    { timeout: 5_000 },
  );
}

/** The input's accessible description as a screen reader would read it. */
export function fieldDescription(input: Locator): Promise<string> {
  return input.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" "),
  );
}
