import { useSyncExternalStore } from "react";
import { currentReturnPath } from "./return-path";

const neverChanges = () => () => {};

/**
 * `currentReturnPath()` for rendering links: `rendered` on the server and while hydrating, so hydration matches the
 * server's HTML, the real page right after. A prebuilt page cannot know its query string and renders home; a page
 * rendered per request passes the one it was asked with, so its links are right before hydration too.
 */
export function useReturnPath(rendered = "/"): string {
  return useSyncExternalStore(neverChanges, currentReturnPath, () => rendered);
}
