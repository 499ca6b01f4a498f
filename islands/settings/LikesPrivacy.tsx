import { useEffect, useState } from "react";
import { artistPath } from "../../src/shared/public-addresses";
import { ApiError, api, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { showToast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";

/**
 * Settings › Likes: whether the tracks the user likes show on their likes page (`/u/{username}/likes`) for everyone
 * (the default) or for them alone. A checkbox that saves as it changes, saying so.
 */
export function LikesPrivacy() {
  const auth = useIslandStore($auth);
  const [shown, setShown] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    reply(api.likes.settings.get())
      .then((settings) => setShown(settings.public))
      .catch((error) => setFailure(error instanceof Error ? error.message : "An error occurred"));
  }, []);

  async function change(wanted: boolean) {
    setBusy(true);
    setShown(wanted);
    try {
      setShown((await reply(api.likes.settings.put({ public: wanted }))).public);
      showToast({
        type: "success",
        title: "Likes",
        message: wanted ? "Everyone can see the tracks you like." : "Only you can see the tracks you like.",
      });
    } catch (error) {
      setShown(!wanted);
      showToast({
        type: "error",
        title: "Saving failed",
        message: error instanceof ApiError ? error.serverMessage : "An error occurred",
      });
    } finally {
      setBusy(false);
    }
  }

  if (failure) return <p className="form-error">{failure}</p>;
  if (shown === null || auth.status !== "signed-in") return <p className="form-hint">Loading...</p>;
  return (
    <div className="form">
      <label className="check">
        <input type="checkbox" checked={shown} disabled={busy} onChange={(event) => void change(event.target.checked)} />
        Show the tracks I like on my profile
      </label>
      <p className="form-hint">
        <a href={`${artistPath(auth.user.username)}/likes`}>Your likes page</a> lists the public tracks you like.
      </p>
    </div>
  );
}
