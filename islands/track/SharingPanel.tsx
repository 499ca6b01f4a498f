import { useCallback, useEffect, useState } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { ApiError, api, reply } from "../lib/api";
import { showToast } from "../lib/toasts";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { ShareForm } from "./ShareForm";

/** One entry of Track.sharedWith (SPEC §3), which the API fills for the owner only. */
export type SharedUser = NonNullable<TrackDetails["sharedWith"]>[number];

/**
 * The owner's sharing panel: who the track is shared with, each with a Remove button, and the form
 * that shares it with another user by e-mail. Every change answers with the whole new list.
 */
export default function SharingPanel({
  trackId,
  ownerEmail,
  initialSharedWith,
}: {
  trackId: string;
  ownerEmail: string;
  initialSharedWith?: SharedUser[];
}) {
  const [sharedWith, setSharedWith] = useState<SharedUser[] | null>(initialSharedWith ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  // Bumped after each share: a fresh, empty form that keeps the focus for the next address.
  const [sharesMade, setSharesMade] = useState(0);

  const load = useCallback(() => {
    setLoadFailed(false);
    reply(api.track({ id: trackId }).get())
      .then((track) => setSharedWith(track.sharedWith ?? []))
      .catch((error) => {
        console.error("Loading the track's shares failed", error);
        setLoadFailed(true);
      });
  }, [trackId]);

  useEffect(() => {
    if (initialSharedWith === undefined) load();
  }, [initialSharedWith, load]);

  async function remove({ userId, user }: SharedUser) {
    setRemoving(userId);
    try {
      const { sharedWith: remaining } = await reply(api.track({ id: trackId }).share.delete({ userIds: [userId] }));
      setSharedWith(remaining);
      showToast({ type: "success", title: "Sharing removed", message: `No longer shared with ${user.email}.` });
    } catch (error) {
      showToast({
        type: "error",
        title: "Sharing not removed",
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="sharing-panel" aria-labelledby="sharing-heading">
      <h2 id="sharing-heading">Sharing</h2>
      <p className="sharing-lead">
        People you share with find this track under Shared With Me and can open it even while it is private.
      </p>
      {loadFailed ? (
        <ErrorView message="Failed to load who this track is shared with" onRetry={load} />
      ) : sharedWith === null ? (
        <Loading />
      ) : (
        <>
          {sharedWith.length === 0 ? (
            <p className="sharing-empty">Not shared with anyone yet.</p>
          ) : (
            <ul className="sharing-list" aria-label="Shared with">
              {sharedWith.map((entry) => (
                <li key={entry.userId}>
                  <span className="sharing-email">{entry.user.email}</span>
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={`Remove ${entry.user.email}`}
                    disabled={removing === entry.userId}
                    onClick={() => void remove(entry)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ShareForm
            key={sharesMade}
            trackId={trackId}
            ownerEmail={ownerEmail}
            sharedWith={sharedWith}
            focusOnMount={sharesMade > 0}
            onShared={(list) => {
              setSharedWith(list);
              setSharesMade((count) => count + 1);
            }}
          />
        </>
      )}
    </section>
  );
}
