import { navigate } from "astro:transitions/client";

/**
 * Opens a page of the site inside this one, as its links do (the client router, layouts/Base.astro), so the player bar
 * plays on: after a form's work (a fork made, an edit saved, an upload sent) or a notification read.
 */
export function goTo(path: string): void {
  void navigate(path);
}
