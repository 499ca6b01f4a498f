import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = await Bun.file(createRequire(import.meta.url).resolve("axe-core/axe.min.js")).text();

/**
 * axe-core's serious and critical violations on the page as it is now, one line each (rule, what
 * it says, the first elements it names), so a failure says what to fix. Lesser findings are left
 * to review: the bar every screen must pass is 'nothing serious'.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.join(", ")}`);
}
