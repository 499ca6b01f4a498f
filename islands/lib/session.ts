import { api, reply } from "./api";
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
  reply(api.auth.me.get())
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
export async function startSession(
  signing: ReturnType<typeof api.auth.login.post> | ReturnType<typeof api.auth.signup.post>,
): Promise<void> {
  const session = await reply(signing);
  signIn(session.token, session.user);
  window.location.assign(currentReturnPath());
}
