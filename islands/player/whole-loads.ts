import type { TransitionBeforePreparationEvent } from "astro:transitions/client";
import { holdsAudio } from "./now-playing";

/**
 * The client router (layouts/Base.astro) loads the next page inside this one while that keeps audio going, which is
 * what it is there for. Otherwise a link or a form is the whole page load it always was, started as the click lands
 * (the router would start it a moment later, after its own checks). Loaded with the layout on every page.
 */

/** Marks a link or form the router must leave to the browser while no audio is held, and unmarks it otherwise. */
function decide(element: Element | null): void {
  if (!element) return;
  const ours = element.hasAttribute("data-whole-load");
  // Marked by its page (a sign-in link, the API reference): always a whole load.
  if (element.hasAttribute("data-astro-reload") && !ours) return;
  if (!holdsAudio()) {
    element.setAttribute("data-astro-reload", "");
    element.setAttribute("data-whole-load", "");
  } else if (ours) {
    element.removeAttribute("data-astro-reload");
    element.removeAttribute("data-whole-load");
  }
}

// Before the router's own listeners, which read the mark (they listen on the document as events bubble).
document.addEventListener(
  "click",
  (event) => decide(event.target instanceof Element ? event.target.closest("a, area") : null),
  true,
);
document.addEventListener("submit", (event) => decide(event.target instanceof Element ? event.target : null), true);

// A page opened from code (islands/lib/go-to.ts) goes the same way. Back and forward stay the router's for the
// entries it made; a POST form's body would be lost to a plain load.
document.addEventListener("astro:before-preparation", (event) => {
  const { navigationType, formData } = event as TransitionBeforePreparationEvent;
  if (navigationType === "traverse" || formData || holdsAudio()) return;
  event.preventDefault();
});
