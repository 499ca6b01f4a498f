import type { Profile } from "../../modules/auth/model";
import { $auth, type AuthState } from "./auth";
import { useIslandStore } from "./use-island-store";

/**
 * Who is signed in, for rendering: the store's answer once it has one, and until then who the server rendered the
 * page for (`viewer`: a profile, null for a visitor, undefined when the page was not rendered for anyone in
 * particular), so an island hydrates to the same markup the server sent (issue 39).
 */
export function useViewer(viewer: Profile | null | undefined): AuthState {
  const stored = useIslandStore($auth);
  if (stored.status !== "unknown" || viewer === undefined) return stored;
  return viewer ? { status: "signed-in", user: viewer } : { status: "anonymous" };
}
