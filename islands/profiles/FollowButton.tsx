import { useEffect, useState } from "react";
import type { FollowState } from "../../modules/follows/model";
import { ApiError, api, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { formatCount } from "../lib/format";
import { signInHref } from "../lib/return-path";
import { showToast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";
import { useReturnPath } from "../lib/use-return-path";

/**
 * An artist's follower count and, for a signed-in reader who is not the artist, the Follow / Following button
 * (a toggle: `aria-pressed`). The server rendered the count; the reader's own state is asked once signed in.
 */
export default function FollowButton({
  username,
  artistId,
  followers,
}: {
  username: string;
  artistId: string;
  followers: number;
}) {
  const auth = useIslandStore($auth);
  const returnPath = useReturnPath();
  const [state, setState] = useState<FollowState | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = auth.status === "signed-in";
  const self = signedIn && auth.user.id === artistId;

  useEffect(() => {
    if (!signedIn || self) return;
    reply(api.users({ username }).follow.get())
      .then(setState)
      .catch((error) => console.error("Reading the follow state failed", error));
  }, [signedIn, self, username]);

  async function toggle() {
    if (!state) return;
    setBusy(true);
    try {
      const route = api.users({ username }).follow;
      setState(await reply(state.following ? route.delete() : route.post()));
    } catch (error) {
      showToast({
        type: "error",
        title: "Following failed",
        message: error instanceof ApiError ? error.serverMessage : "An error occurred",
      });
    } finally {
      setBusy(false);
    }
  }

  const count = state?.followers ?? followers;
  return (
    <div className="follow">
      <span className="follow-count">{formatCount(count, "follower")}</span>
      {state && (
        <button
          type="button"
          className={`button button-small${state.following ? " button-secondary" : ""}`}
          aria-pressed={state.following}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {state.following ? "Following" : "Follow"}
        </button>
      )}
      {auth.status === "anonymous" && (
        <a className="follow-sign-in" href={signInHref("/login", returnPath)}>
          Log in to follow
        </a>
      )}
    </div>
  );
}
