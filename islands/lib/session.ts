import type { Profile, Session } from "../../modules/auth/model";
import { api } from "./api";
import { $auth, forgetSession, signIn, storedToken } from "./auth";
import { showAvatar } from "./avatar";
import { currentReturnPath } from "./return-path";

let started = false;

/** On load: check a stored token with /api/auth/me (which also names the avatar); on failure remove it silently (SPEC §4). */
export function initSession(): void {
  if (started) return;
  started = true;
  const token = storedToken();
  if (!token) {
    $auth.set({ status: "anonymous" });
    return;
  }
  api
    .get<Profile>("/auth/me")
    .then((profile) => {
      $auth.set({ status: "signed-in", token, user: profile });
      showAvatar(profile.avatarUrl);
    })
    .catch(() => forgetSession());
}

/**
 * Login and signup both answer {token, user}: keep the session (SPEC §4) and go back to the page
 * that sent the visitor here (its `?next=`), or home.
 */
export async function startSession(path: "/auth/login" | "/auth/signup", body: unknown): Promise<void> {
  const session = await api.post<Session>(path, body);
  signIn(session.token, session.user);
  window.location.assign(currentReturnPath());
}
