import { atom } from "nanostores";
import type { User } from "../../modules/auth/model";
import { api } from "./api";
import { AUTH_USER_KEY, LEGACY_TOKEN_KEY } from "./storage-keys";

/**
 * `unknown` until /api/auth/me has answered on load. The session is the httpOnly cookie the server sets at sign-in
 * (issue 39): no script here ever holds it.
 */
export type AuthState = { status: "unknown" } | { status: "anonymous" } | { status: "signed-in"; user: User };

export const $auth = atom<AuthState>({ status: "unknown" });

/** Who this browser was last signed in as (a hint: `{id, username}`), or null. */
export function storedUser(): { id: string; username: string } | null {
  try {
    const hint = JSON.parse(localStorage.getItem(AUTH_USER_KEY) ?? "null") as { id?: unknown; username?: unknown } | null;
    return typeof hint?.id === "string" && typeof hint.username === "string" ? { id: hint.id, username: hint.username } : null;
  } catch {
    return null;
  }
}

/** A session token kept by this browser before sessions lived in a cookie, still to be moved there (session.ts). */
export function legacyToken(): string | null {
  try {
    return localStorage.getItem(LEGACY_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Whether the browser is (or, until /api/auth/me answers, seems) signed in. */
export function isSignedIn(): boolean {
  const state = $auth.get();
  return state.status === "signed-in" || (state.status === "unknown" && (storedUser() !== null || legacyToken() !== null));
}

/** The signed-in user, as the server answered them: kept in the store, and their id and username as the hint. */
export function signIn(user: User): void {
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify({ id: user.id, username: user.username }));
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  $auth.set({ status: "signed-in", user });
}

/** Removes what this browser keeps of who signed in (the hint, and a token from before the cookie). */
function forgetStored(): void {
  localStorage.removeItem(AUTH_USER_KEY);
  localStorage.removeItem(LEGACY_TOKEN_KEY);
}

/** Forgets who was signed in (the server has no session for this browser); callers decide where to go next. */
export function forgetSession(): void {
  forgetStored();
  $auth.set({ status: "anonymous" });
}

/**
 * Signs out (POST /api/auth/logout ends this session and removes its cookie) and goes to /login (or `destination`).
 * The store is left as it is until the page unloads: a page that needs a session reacts to the store by sending the
 * browser to /login?next=…, and two navigations at once abort one.
 */
export async function logout(destination = "/login"): Promise<void> {
  forgetStored();
  // Signed out already when this fails (the session ended elsewhere) or the network is down: the page goes on.
  await api.auth.logout.post().catch(() => undefined);
  window.location.assign(destination);
}
