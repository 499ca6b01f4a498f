import type { Page } from "playwright-core";

/**
 * Astro drops an island's `ssr` attribute once it has hydrated: after that, its controls answer and
 * absence checks mean something. Server-rendered lists show before that, so tests wait for it.
 */
export const hydrated = (page: Page) => page.waitForFunction(() => document.querySelectorAll("astro-island[ssr]").length === 0);
