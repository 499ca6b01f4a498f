import type { Locator, Page } from "playwright-core";
import type { LiveServerAndBrowser } from "../../support/lifecycle";
import type { TestServer } from "../../support/server";
import { CORPUS, createTrack, type UploadOptions } from "../../support/uploads";
import { hydrated } from "../support/hydrated";

export { CORPUS };
export const STEMS_DIR = `${CORPUS}/stems`;
export const STEM_FILES = ["bass", "drums", "synth", "vocals"].map((name) => ({
  path: `${STEMS_DIR}/Nova Drift - Undertow - ${name}.wav`,
  name: name[0]?.toUpperCase() + name.slice(1),
  type: name,
}));
export const FULL_MIX = `${STEMS_DIR}/Nova Drift - Undertow (full mix).wav`;

/** The track the track-page tests look at, unless a test says otherwise. */
const UNDERTOW = {
  title: "Undertow",
  primaryArtistName: "Nova Drift",
  genreNames: ["ambient", "synthwave"],
  description: "A test track",
};

/** Uploads Undertow's info with `options`' files (tests/support/uploads.ts) and returns the new track id. */
export function uploadTrack(
  server: TestServer,
  token: string,
  { cover, ...options }: UploadOptions & { original: string; cover?: string },
): Promise<string> {
  return createTrack(server, token, { ...options, coverArt: cover, data: { ...UNDERTOW, ...options.data } });
}

/** A browser page on the track, signed in as `token` when given. */
export async function openTrackPage(
  live: LiveServerAndBrowser,
  id: string,
  options: { token?: string; javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const { page } = await live.openPage(`/track/${id}`, options.token ?? null, {
    viewport: options.viewport ?? { width: 1200, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled,
  });
  return page;
}

/** Waits until a player (or the synced-stems region) reports `state` in its data-state. */
export async function waitForState(player: Locator, state: string): Promise<void> {
  await player
    .page()
    .waitForFunction(([element, wanted]) => (element as HTMLElement).dataset.state === wanted, [
      await player.elementHandle(),
      state,
    ] as const);
}

/** Switches the page's stems section to sync mode, as a listener does, and answers its "Synced stems" region once ready. */
export async function openSyncMode(page: Page): Promise<Locator> {
  const stems = page.getByRole("region", { name: /^Stems/ });
  await stems.scrollIntoViewIfNeeded();
  // The stems hydrate once visible; a click before that would do nothing.
  await hydrated(page);
  await stems.getByRole("button", { name: "Sync" }).click();
  const synced = stems.getByRole("region", { name: "Synced stems" });
  await waitForState(synced, "ready");
  return synced;
}
