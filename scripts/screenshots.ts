/**
 * The README's pictures, made from the running app so they show it as it is: a server on a fresh data folder with
 * the test media's album and the "Undertow" stems uploaded and forked, photographed in Chromium. Writes
 * docs/images/track-sync.png (a track page in sync mode), home.png (the home list) and studio.png (a fork's studio),
 * as palette PNGs to keep the repository small.
 *
 *   npm run screenshots     (builds first; needs ffmpeg and /usr/bin/chromium, as the tests do)
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { ROOT } from "../src/server/paths";
import { hydrated } from "../tests/e2e/support/hydrated";
import { FULL_MIX, STEM_FILES, waitForState } from "../tests/e2e/track-page/fixtures";
import { call, type Session, signUp } from "../tests/support/api";
import { launchBrowser } from "../tests/support/browser";
import { ensureCorpus } from "../tests/support/corpus";
import { startServer, type TestServer } from "../tests/support/server";
import { signedInPage } from "../tests/support/signed-in-page";
import { createTrack, waitForProcessing } from "../tests/support/uploads";

const IMAGES = join(ROOT, "docs", "images");
const WIDE = { width: 1280, height: 860 };

/** The album's tracks with the cover each is shown with: the home list's cards. */
const ALBUM = [
  ["01 - Nova Drift - Opening Signal.wav", "Opening Signal", "01 - Nova Drift - Opening Signal (cover).jpg", "ambient"],
  ["02 - Nova Drift - Glass Harbour.wav", "Glass Harbour", "glass-harbour-cover.png", "downtempo"],
  ["03 - Nova Drift - Night Bus (feat. Ada Byte).wav", "Night Bus", "03 Night Bus.jpg", "synthwave"],
  ["04 - Nova Drift - Café Solstice.wav", "Café Solstice", "cafe_solstice_artwork.jpg", "lofi"],
  ["05 - Nova Drift - Rust & Rain.wav", "Rust & Rain", "Rust and Rain - front.png", "ambient"],
] as const;

async function publish(server: TestServer, owner: Session): Promise<string> {
  for (const [file, title, cover, genre] of ALBUM) {
    const id = await createTrack(server, owner.token, {
      original: `album/${file}`,
      coverArt: `album/${cover}`,
      data: { title, primaryArtistName: "Nova Drift", genreNames: [genre], isPublic: true },
    });
    await waitForProcessing(server, owner.token, id);
  }
  const undertow = await createTrack(server, owner.token, {
    original: FULL_MIX,
    stems: STEM_FILES,
    coverArt: "album/Nova Drift - Tidal Memory (front cover).jpg",
    data: {
      title: "Undertow",
      primaryArtistName: "Nova Drift",
      genreNames: ["ambient", "synthwave"],
      description: "Bass, drums, synth and vocals: open the stems and play them in sync.",
      isPublic: true,
    },
  });
  await waitForProcessing(server, owner.token, undertow);
  return undertow;
}

/** Writes the screenshot of `target` (a page's viewport, or one element) as a palette PNG. */
async function save(name: string, target: Page | Locator): Promise<void> {
  const png = await target.screenshot({ animations: "disabled" });
  const file = join(IMAGES, `${name}.png`);
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(file);
  console.log(`wrote ${file}`);
}

ensureCorpus();
mkdirSync(IMAGES, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const owner = await signUp(server, { username: "novadrift", email: "nova@example.com" });
  const listener = await signUp(server, { username: "ada_byte", email: "ada@example.com" });
  const undertow = await publish(server, owner);
  const fork = await call<{ id: string }>(server, "POST", `/track/${undertow}/fork`, {
    token: listener.token,
    body: { title: "Undertow (night drive)", isPublic: true },
  });
  if (fork.status !== 201) throw new Error(`fork: ${fork.status} ${JSON.stringify(fork.body)}`);
  await waitForProcessing(server, listener.token, fork.body.id);

  // The track page in sync mode, as a listener sees it: scrolled to the stems, every stem decoded and ready.
  {
    const { context, page } = await signedInPage(browser, listener.token, { viewport: WIDE });
    await page.goto(`${server.url}/track/${undertow}`);
    const stems = page.getByRole("region", { name: /^Stems/ });
    await stems.scrollIntoViewIfNeeded();
    await hydrated(page);
    await stems.getByRole("button", { name: "Sync" }).click();
    await waitForState(stems.getByRole("region", { name: "Synced stems" }), "ready");
    await stems.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await save("track-sync", page);
    await context.close();
  }

  // The home page as a visitor finds it.
  {
    const { context, page } = await signedInPage(browser, null, { viewport: WIDE });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    await save("home", page);
    await context.close();
  }

  // The fork's studio, as its owner sees it.
  {
    const { context, page } = await signedInPage(browser, listener.token, { viewport: WIDE });
    await page.goto(`${server.url}/track/${fork.body.id}`);
    const studio = page.getByRole("region", { name: "Studio" });
    await studio.waitFor();
    await hydrated(page);
    // The top bar stays over the page: the studio starts below it, with the fork's stems above.
    await studio.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 360));
    await save("studio", page);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
