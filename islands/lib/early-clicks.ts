import { CODE_PENDING, CODE_READY } from "./code-ready";

/**
 * The server renders an island's controls before its code has run: a tap on one then would do nothing, and
 * the user would not know to tap again. Such a tap is held instead: the control shows it is waiting
 * (`data-waiting`, styled in global.css) and is clicked again once its island has hydrated, when the tap does
 * what it says. Only the last tap per island is kept, so two taps on a toggle do not cancel out unseen.
 * Text fields are left alone: typing keeps its value through hydration.
 */
const HELD = 'button, input[type="checkbox"], input[type="radio"], label, summary, [role="button"], [role="tab"]';
/** What is not ready yet: an island not hydrated, or a part of one whose code is still loading (code-ready.ts). */
const NOT_READY = `astro-island[ssr], [${CODE_PENDING}]`;
const waiting = new WeakMap<Element, HTMLElement>();

function hold(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const island = target?.closest(NOT_READY);
  const control = target?.closest<HTMLElement>(HELD);
  if (!island || !control || !island.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  waiting.get(island)?.removeAttribute("data-waiting");
  control.setAttribute("data-waiting", "");
  const ready = island.matches("astro-island") ? "astro:hydrate" : CODE_READY;
  if (!waiting.has(island)) island.addEventListener(ready, () => replay(island), { once: true });
  waiting.set(island, control);
}

function replay(island: Element): void {
  const control = waiting.get(island);
  waiting.delete(island);
  if (!control) return;
  control.removeAttribute("data-waiting");
  if (control.isConnected) control.click();
}

document.addEventListener("click", hold, true);
