import { api } from "./api";
import { $auth, type AuthUser, forgetSession, storedToken } from "./auth";

let started = false;

/** On load: check a stored token with /api/auth/me; on failure remove it silently (SPEC §4). */
export function initSession(): void {
  if (started) return;
  started = true;
  const token = storedToken();
  if (!token) {
    $auth.set({ status: "anonymous" });
    return;
  }
  api
    .get<AuthUser>("/auth/me")
    .then((user) => $auth.set({ status: "signed-in", token, user }))
    .catch(() => forgetSession());
}
