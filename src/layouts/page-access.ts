import { signInHref } from "../../islands/lib/return-path";
import type { Profile } from "../../modules/auth/model";

/**
 * Who may open a page that needs signing in, decided on the server before it renders (issue 39). `user` and
 * `admin` send a visitor to /login and back (`next`); `user-or-notice` and `admin-or-notice` render for a visitor,
 * whose page then says why it shows nothing (SPEC §2 admin, §8 notifications, My Tracks). A signed-in user who is
 * not an admin goes from an admin page to /. The API checks every call again.
 */
export type PageNeed = "user" | "user-or-notice" | "admin-or-notice";

/** Where to send the request instead of rendering the page, or null when it renders. */
export function pageRedirect(viewer: Profile | null | undefined, url: URL, need: PageNeed): string | null {
  if (viewer === null) return need === "user" ? signInHref("/login", url.pathname + url.search) : null;
  if (viewer && need === "admin-or-notice" && viewer.role !== "ADMIN") return "/";
  return null;
}
