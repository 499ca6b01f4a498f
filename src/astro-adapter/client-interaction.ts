import type { ClientDirective } from "astro";

/** What a reader does to a control before using it: pointing at it, pressing it, tabbing to it, opening it. */
const FIRST_TOUCH = ["pointerover", "pointerdown", "focusin", "keydown", "toggle"] as const;

/**
 * `client:interaction`: an island whose server-rendered HTML works as it is (a disclosure that opens without
 * JavaScript) and whose code is needed only once a reader reaches for it: it hydrates on the first of FIRST_TOUCH
 * inside it, so a reader who never does fetches none of it. Listened to while capturing, so `toggle`, which does not
 * bubble, is heard too. A click that lands before hydration is held and replayed by islands/lib/early-clicks.ts.
 */
const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  const start = async () => {
    for (const type of FIRST_TOUCH) island.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of FIRST_TOUCH) island.addEventListener(type, start, true);
};

export default hydrateOnInteraction;
