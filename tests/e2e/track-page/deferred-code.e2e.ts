/**
 * What the track page leaves out until it is needed (docs/performance.md, "JavaScript on the track page"): a visitor
 * who only reads the page fetches none of the code for acting, signing in or uploading; the same page signed in
 * fetches what a signed-in reader sees at once. The size itself is bench/page-js.ts's to measure.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "../../../src/server/paths";
import { type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { drumsAndBassTrack } from "../../support/studio";
import { hydrated } from "../support/hydrated";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let listener: Session;
let trackId: string;

/** Code a reader fetches only by acting (the Share menu's, by reaching for it). */
const ON_USE = [
  "wavesurfer",
  "create-surfer",
  "play-recorder",
  "playback",
  "SyncedStems",
  "ForkDialog",
  "ForkTreeDialog",
  "WaveMarkers",
  "Lineage",
  "ShareMenu",
];
/** Code only a signed-in reader uses (the download buttons with the media-token client). */
const SIGNED_IN = ["SignedInControls", "DownloadControls", "AllStemsZip", "CommentForm", "media-url"];
/** The upload pages' and the studio's. */
const UPLOADS = ["ResumableProgress"];
/** The built scripts' names: each name above must be a file of its own, or not fetching it would prove nothing. */
const built = () =>
  new Set(readdirSync(join(process.env.STEMMA_DIST ?? join(ROOT, "dist"), "client", "_astro")).map((file) => file.split(".")[0]));

beforeAll(async () => {
  const owner = await signUp(live.server);
  listener = await signUp(live.server);
  trackId = await drumsAndBassTrack(live.server, owner.token);
}, 120_000);

/** The names of the scripts the page fetched (`/_astro/{name}.{hash}.js`) once every island on screen has hydrated. */
async function scriptsFetched(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("astro-island")].every(
      (island) => ["visible", "interaction"].includes(island.getAttribute("client") ?? "") || !island.hasAttribute("ssr"),
    ),
  );
  await page.waitForLoadState("networkidle");
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/_astro/") && path.endsWith(".js"))
      .map((path) => path.slice("/_astro/".length).split(".")[0] ?? ""),
  );
}

test("a visitor reading the page fetches no code for acting, signing in or uploading", async () => {
  const { context, page } = await live.openPage(`/track/${trackId}`, null);
  await page.getByRole("link", { name: "Log in", exact: true }).waitFor();
  const fetched = await scriptsFetched(page);
  expect(fetched).toContain("Comments");
  const names = built();
  expect([...ON_USE, ...SIGNED_IN, ...UPLOADS].filter((name) => !names.has(name))).toEqual([]);
  expect(fetched.filter((name) => [...ON_USE, ...SIGNED_IN, ...UPLOADS].includes(name))).toEqual([]);
  await context.close();
});

test("signed in, the page fetches the bell, the menu, the download buttons and the comment form, and still nothing for acting", async () => {
  const { context, page } = await live.openPage(`/track/${trackId}`, listener.token);
  await page.getByText("Download all stems").waitFor();
  const fetched = await scriptsFetched(page);
  expect(fetched).toEqual(expect.arrayContaining(SIGNED_IN));
  expect(fetched.filter((name) => [...ON_USE, ...UPLOADS].includes(name))).toEqual([]);
  await context.close();
});

test("pointing at Share brings the Share menu's code, pointing at a player brings the playback's, and playing draws it", async () => {
  const { context, page } = await live.openPage(`/track/${trackId}`, null);
  await hydrated(page);
  await page.getByText("Share", { exact: true }).hover();
  await page.waitForFunction(() => document.querySelector('astro-island[client="interaction"][ssr]') === null);
  // Pointing at the waveform loads the playback and wavesurfer; playing draws the playing audio in place of the page's
  // own drawing.
  const seekBar = page.locator(".full-track").getByRole("slider", { name: "Seek" });
  await seekBar.hover();
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => new URL(entry.name).pathname.startsWith("/_astro/wavesurfer")),
  );
  const fetched = await scriptsFetched(page);
  expect(fetched).toEqual(expect.arrayContaining(["ShareMenu", "wavesurfer", "playback", "play-recorder", "media-url"]));
  await expect(seekBar.locator(".waveform-svg").count()).resolves.toBe(1);
  await page.locator(".full-track").getByRole("button", { name: "Play", exact: true }).click();
  await seekBar.locator(".waveform-svg").waitFor({ state: "detached" });
  await context.close();
});
