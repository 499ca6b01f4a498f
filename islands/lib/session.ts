import type { Profile } from "../../modules/auth/model";
import { api, reply } from "./api";
import { $auth, forgetSession, legacyToken, signIn, storedUser } from "./auth";
import { showAvatar } from "./avatar";
import { currentReturnPath } from "./return-path";

let started = false;

/**
 * A token this browser kept before sessions lived in a cookie goes to POST /api/auth/session-cookie once, which keeps
 * the same session in the cookie: the person stays signed in, and no script can read the session from then on.
 */
async function moveLegacyToken(token: string): Promise<boolean> {
  return reply(api.auth["session-cookie"].post(undefined, { headers: { authorization: `Bearer ${token}` } })).then(
    () => true,
    () => false,
  );
}

/**
 * On load: who the server rendered the page for (`viewer`, issue 39) when it says, else, when this browser was signed
 * in (its hint, or a token from before the cookie), ask /api/auth/me (which also names the avatar) who the session
 * cookie is; on failure forget the hint silently (SPEC §4). A token from before the cookie is moved to it first; a
 * page the server rendered for a visitor is then loaded again, for the person it now knows.
 */
export function initSession(viewer?: Profile | null): void {
  if (started) return;
  started = true;
  const legacy = legacyToken();
  if (viewer) {
    signIn(viewer);
    showAvatar(viewer.avatarUrl);
    return;
  }
  if (viewer === null && legacy) {
    void moveLegacyToken(legacy).then((moved) => {
      // Forgotten first either way: the reload then renders for the cookie, and can never come back here.
      forgetSession();
      if (moved) window.location.reload();
    });
    return;
  }
  if (viewer === null) {
    forgetSession();
    return;
  }
  if (!legacy && !storedUser()) {
    $auth.set({ status: "anonymous" });
    return;
  }
  (legacy ? moveLegacyToken(legacy) : Promise.resolve())
    .then(() => reply(api.auth.me.get()))
    .then((profile) => {
      signIn(profile);
      showAvatar(profile.avatarUrl);
    })
    .catch(() => forgetSession());
}

/**
 * Login and signup both answer {token, user} and set the session cookie: keep who signed in (SPEC §4; the token is
 * for API clients, and this page keeps none) and go back to the page that sent the visitor here (its `?next=`), or home.
 */
export async function startSession(
  signing: ReturnType<typeof api.auth.login.post> | ReturnType<typeof api.auth.signup.post>,
): Promise<void> {
  const session = await reply(signing);
  signIn(session.user);
  window.location.assign(currentReturnPath());
}
