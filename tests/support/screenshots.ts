import { mkdirSync } from "node:fs";
import { join } from "node:path";

/** Where browser tests leave screenshots for a person to look at: inside the checkout, git-ignored. */
const SCREENSHOTS = join(import.meta.dir, "..", "..", "test-results", "screenshots");

/** The file for screenshot `name` (PNG), its folder made. */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}
