// Lighthouse 12 on Node (it does not run under Bun) with Debian's Chromium: audits one address and prints its
// category scores as JSON (`{"performance":1,...}`), for tests/e2e/lighthouse.e2e.ts.
//
//   node scripts/lighthouse.mjs <url> [category,category…]
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const [url, wanted] = process.argv.slice(2);
if (!url) throw new Error("usage: node scripts/lighthouse.mjs <url> [categories]");
const categories = wanted ? wanted.split(",") : ["performance", "accessibility", "best-practices", "seo"];

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
  });
  if (!result) throw new Error("Lighthouse returned no result");
  const scores = Object.fromEntries(Object.entries(result.lhr.categories).map(([name, category]) => [name, category.score]));
  // The audits that cost points, so a failing test says what to fix.
  const failing = Object.values(result.lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "manual",
    )
    .map((audit) => `${audit.id}: ${audit.score}`);
  process.stdout.write(`${JSON.stringify({ scores, failing })}\n`);
} finally {
  await chrome.kill();
}
