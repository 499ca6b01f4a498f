import { api, reply } from "./api";
import { $auth, forgetSession, legacyToken, signIn, storedUser } from "./auth";
import { showAvatar } from "./avatar";
import { currentReturnPath } from "./return-path";

let started = false;

/**
 * A token this browser kept before sessions lived in a cookie goes to POST /api/auth/session-cookie once, which keeps
 * the same session in the cookie: the person stays signed in, and no script can read the session from then on.
 */
async function moveLegacyToken(token: string): Promise<void> {
  await reply(api.auth["session-cookie"].post(undefined, { headers: { authorization: `Bearer ${token}` } })).catch(
    () => undefined,
  );
}

/**
 * On load: when this browser was signed in (its hint, or a token from before the cookie), ask /api/auth/me (which also
 * names the avatar) who the session cookie is; on failure forget the hint silently (SPEC §4).
 */
export function initSession(): void {
  if (started) return;
  started = true;
  const legacy = legacyToken();
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
