import type { Page } from "playwright-core";

/**
 * Whether every island on the page has hydrated: after that, its controls answer and absence checks mean something.
 * Server-rendered lists show before that, so tests wait for it. Astro drops an island's `ssr` attribute as soon as
 * it has asked React to hydrate, but React hydrates in the background: a select changed before React reaches it is
 * set back to the value React renders. So each island's markup must also carry React's props, which React attaches
 * to an element as it hydrates it. Islands that load once scrolled to (`client:visible`) are scrolled to first.
 * Islands that load on a reader's first touch (`client:interaction`, the Share menu) are left as the server rendered
 * them until a test touches them: their HTML works as it is, and a tap before they load is replayed once they have.
 */
export async function hydrated(page: Page): Promise<void> {
  await scrollToVisibleIslands(page);
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll("astro-island")];
    const reactHolds = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    return islands.every((island) => {
      if (island.getAttribute("client") === "interaction") return true;
      if (island.hasAttribute("ssr")) return false;
      const rendered = island.querySelectorAll(":scope > *:not(astro-slot):not(template)");
      return [...rendered].every(reactHolds);
    });
  });
}

/**
 * Brings each island still waiting to be scrolled to into view in turn, as a reader scrolling down would, until it
 * has started hydrating; then scrolls back to where the page was. An island is `display: contents`, so what comes
 * into view is its first element (what Astro's `client:visible` observes). It is brought into view again on every
 * poll: an island above it that hydrates and grows can push it out of view before the observer saw it, and then
 * nothing would ever tell Astro it was shown (a mixer journey once waited 30 s for an island that way).
 */
async function scrollToVisibleIslands(page: Page): Promise<void> {
  const waiting = await page.locator('astro-island[client="visible"][ssr]').elementHandles();
  if (waiting.length === 0) return;
  const from = await page.evaluate(() => ({ left: window.scrollX, top: window.scrollY }));
  for (const island of waiting)
    await page.waitForFunction(
      (element) => {
        const shown = element as Element;
        if (!shown.hasAttribute("ssr")) return true;
        (shown.firstElementChild ?? shown).scrollIntoView({ block: "center" });
        return false;
      },
      island,
      { polling: 100 },
    );
  await page.evaluate((position) => window.scrollTo(position), from);
}

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
