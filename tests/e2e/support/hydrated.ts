import type { Page } from "playwright-core";

/**
 * Whether every island on the page has hydrated: after that, its controls answer and absence checks mean something.
 * Server-rendered lists show before that, so tests wait for it. Astro drops an island's `ssr` attribute as soon as
 * it has asked React to hydrate, but React hydrates in the background: a select changed before React reaches it is
 * set back to the value React renders. So each island's markup must also carry React's props, which React attaches
 * to an element as it hydrates it.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const islands = [...document.querySelectorAll("astro-island")];
    const reactHolds = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    return islands.every((island) => {
      if (island.hasAttribute("ssr")) return false;
      const rendered = island.querySelectorAll(":scope > *:not(astro-slot):not(template)");
      return [...rendered].every(reactHolds);
    });
  });

/**
 * Holds the named island's code (its `/_astro/{island}.*.js`) at the network edge until the returned `release` is
 * called: the page shows the island's server-rendered HTML, not yet hydrated, for as long as a test needs.
 */
export async function holdIsland(page: Page, island: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/_astro/${island}\\.[^/]*\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
