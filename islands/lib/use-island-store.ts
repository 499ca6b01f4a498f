import { useStore } from "@nanostores/react";
import type { ReadableAtom } from "nanostores";

/**
 * A shared store's value for rendering, the one way islands read stores. While an island hydrates it
 * gets the store's initial value, which is what the server rendered: islands hydrate one by one, and by
 * the time one does, another may already have changed the store (the top bar's /auth/me check signing
 * the user in, an early toast). Rendering the live value at once would not match the server's HTML
 * (React error #418); React renders it right after hydration instead.
 */
export function useIslandStore<Value>(store: ReadableAtom<Value>): Value {
  return useStore(store, { ssr: "initial" });
}
