import { atom } from "nanostores";
import type { User } from "../../modules/auth/model";
import { AUTH_TOKEN_KEY } from "./storage-keys";

/** `unknown` until the stored token has been checked with /api/auth/me on load. */
export type AuthState = { status: "unknown" } | { status: "anonymous" } | { status: "signed-in"; token: string; user: User };

export const $auth = atom<AuthState>({ status: "unknown" });

export function storedToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function currentToken(): string | null {
  const state = $auth.get();
  return state.status === "signed-in" ? state.token : storedToken();
}

export function signIn(token: string, user: User): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  $auth.set({ status: "signed-in", token, user });
}

/** Removes the token and the user; callers decide where to go next. */
export function forgetSession(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  $auth.set({ status: "anonymous" });
}

/**
 * Signs out and goes to /login (or `destination`). The token goes, but the store is left as it is until the page unloads: a page that
 * needs a session reacts to the store by sending the browser to /login?next=…, and two navigations at once abort one.
 */
export function logout(destination = "/login"): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  window.location.assign(destination);
}
