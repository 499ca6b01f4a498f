/**
 * JavaScript budget of the track page: the gzipped size of every script a visitor's browser
 * loads on /track/{id} before interacting (page load, network idle, then idle-time islands), for a
 * public track with cover and four stems. Exits 1 above 102 KB.
 * Run after a build: STEMMA_DIST=… bun bench/page-js.ts
 */

import { signUp } from "../tests/support/api";
import { launchBrowser } from "../tests/support/browser";
import { startServer } from "../tests/support/server";
import { uploadPageTrack } from "./support/page-track";

const BUDGET_KB = 102;

const server = await startServer();
const browser = await launchBrowser();
try {
  const owner = await signUp(server);
  const id = await uploadPageTrack(server, owner.token);

  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("javascript")) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, Bun.gzipSync(new Uint8Array(body)).byteLength);
  });
  await page.goto(`${server.url}/track/${id}`, { waitUntil: "networkidle" });
  // client:idle islands hydrate after the browser reports idle time; give them that chance, then settle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })));
  await page.waitForLoadState("networkidle");

  const rows = [...scripts].sort((a, b) => b[1] - a[1]);
  for (const [path, bytes] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${path}`);
  const totalKb = rows.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
  console.log(
    `total gzipped JavaScript before interaction: ${totalKb.toFixed(1)} KB (budget ${BUDGET_KB} KB, ${rows.length} files)`,
  );
  process.exitCode = totalKb <= BUDGET_KB ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
