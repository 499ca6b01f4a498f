import { useSyncExternalStore } from "react";
import { currentReturnPath } from "./return-path";

const neverChanges = () => () => {};

/**
 * `currentReturnPath()` for rendering links: home on the server and while hydrating (the server
 * cannot know the query string), the real page right after, so hydration matches the server's HTML.
 */
export function useReturnPath(): string {
  return useSyncExternalStore(neverChanges, currentReturnPath, () => "/");
}
