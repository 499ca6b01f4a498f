import { log } from "../../src/server/logger";
import { pagesRepo } from "./repo";
import type { PublicPages } from "./service";

/** How often a serving process looks for due pages (one indexed read of a small table when none is). */
const TICK_MS = 500;
/** Due paths claimed at once: few, so a crash loses little (the lazy path renders those on their next request). */
const CLAIM = 8;

/** Lets requests that arrived meanwhile run before the next render. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The pre-render loop of a serving process (STEMMA_ROLE all or api: those have Astro loaded). Every tick it claims
 * the due paths the triggers recorded (claimed by deleting them, so instances share the work without rendering a
 * path twice) and renders each one, yielding to requests between pages. A burst of changes within a tick leaves
 * one due row per path, rendered once. At start, answers kept by another build are made due again.
 * A claim a crash loses is rendered by the first request for it (modules/pages/service.ts `answer`).
 */
export function startPrerendering(pages: PublicPages): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake = () => {};

  async function drain() {
    if (!(await pagesRepo.anyDue())) return;
    for (;;) {
      const started = performance.now();
      const keys = await pagesRepo.claimDue(CLAIM);
      for (const key of keys) {
        if (stopped) return;
        await pages.prerender(key).catch((error) => log.warn("pre-render failed", { key, error: String(error) }));
        await yieldToRequests();
      }
      if (keys.length < CLAIM || stopped) return;
      // A long backlog (a deploy makes every kept answer due) takes at most half of this process's time: requests
      // meanwhile get the pages not rendered yet through the lazy path.
      await Bun.sleep(performance.now() - started);
    }
  }

  const running = (async () => {
    await pages.dueAfterBuild();
    while (!stopped) {
      await drain().catch((error) => log.warn("pre-render loop failed", { error: String(error) }));
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, TICK_MS);
      });
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake();
      await running;
    },
  };
}
