/**
 * The server renders an island's controls before its code has run: a tap on one then would do nothing, and
 * the user would not know to tap again. Such a tap is held instead: the control shows it is waiting
 * (`data-waiting`, styled in global.css) and is clicked again once its island has hydrated, when the tap does
 * what it says. Only the last tap per island is kept, so two taps on a toggle do not cancel out unseen.
 * Text fields are left alone: typing keeps its value through hydration.
 */
const HELD = 'button, input[type="checkbox"], input[type="radio"], label, summary, [role="button"], [role="tab"]';
const waiting = new WeakMap<Element, HTMLElement>();

function hold(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const island = target?.closest("astro-island[ssr]");
  const control = target?.closest<HTMLElement>(HELD);
  if (!island || !control || !island.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  waiting.get(island)?.removeAttribute("data-waiting");
  control.setAttribute("data-waiting", "");
  if (!waiting.has(island)) island.addEventListener("astro:hydrate", () => replay(island), { once: true });
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
