import { useState } from "react";
import { ApiError, api, reply } from "../lib/api";
import { showToast } from "../lib/toasts";
import { HeldUntilReady } from "../ui/HeldUntilReady";
import { setTrackVisibility, useIsPublic } from "./visibility";

/**
 * The owner's line of the header (SPEC §2/§6): 'You uploaded this track', the Edit link, the link down to the
 * studio (issue 37: an original's stems change there too) and the public/private toggle.
 */
export default function OwnerActions({ trackId, isPublic: initiallyPublic }: { trackId: string; isPublic: boolean }) {
  const isPublic = useIsPublic(trackId, initiallyPublic);
  const [saving, setSaving] = useState(false);

  async function toggleVisibility() {
    setSaving(true);
    try {
      await reply(api.track({ id: trackId }).visibility.patch({ isPublic: !isPublic }));
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

  // Rendered on the server for the owner (issue 39): a press on the toggle before this code runs is held and replayed.
  return (
    <HeldUntilReady>
      <div className="owner-controls">
        <p className="track-uploader" title="You uploaded this track">
          You uploaded this track
        </p>
        <a className="button button-small" href={`/track/${trackId}/edit`}>
          Edit Track
        </a>
        {/* The studio sits lower on this page (islands/forks/Studio.tsx). */}
        <a className="button button-small button-secondary" href="#studio">
          Edit Stems
        </a>
        <label className="visibility-toggle">
          <input type="checkbox" checked={isPublic} disabled={saving} onChange={() => void toggleVisibility()} />
          Public
        </label>
      </div>
    </HeldUntilReady>
  );
}
