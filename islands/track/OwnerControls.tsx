import { useState } from "react";
import { ApiError, api } from "../lib/api";
import { $auth } from "../lib/auth";
import { showToast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";
import { setTrackVisibility, useIsPublic } from "./visibility";

/**
 * The header's uploader line (SPEC §2/§6): 'Uploaded by {name}' for everyone else, and for the owner
 * 'You uploaded this track' with the Edit link and the public/private toggle.
 */
export default function OwnerControls({
  trackId,
  ownerId,
  username,
  isPublic: initiallyPublic,
}: {
  trackId: string;
  ownerId: string;
  username: string;
  isPublic: boolean;
}) {
  const auth = useIslandStore($auth);
  const isPublic = useIsPublic(trackId, initiallyPublic);
  const [saving, setSaving] = useState(false);
  const isOwner = auth.status === "signed-in" && auth.user.id === ownerId;
  if (!isOwner) return <p className="track-uploader">Uploaded by {username}</p>;

  async function toggleVisibility() {
    setSaving(true);
    try {
      await api.patch(`/track/${trackId}/visibility`, { isPublic: !isPublic });
      setTrackVisibility(trackId, !isPublic);
    } catch (error) {
      showToast({
        type: "error",
        title: "Visibility not changed",
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="owner-controls">
      <p className="track-uploader" title="You uploaded this track">
        You uploaded this track
      </p>
      <a className="button button-small" href={`/track/${trackId}/edit`}>
        Edit Track
      </a>
      <label className="visibility-toggle">
        <input type="checkbox" checked={isPublic} disabled={saving} onChange={() => void toggleVisibility()} />
        Public
      </label>
    </div>
  );
}
