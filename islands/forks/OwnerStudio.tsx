import { lazy, Suspense, useEffect, useState } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { api, fresh, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { useLatestTrack } from "../track/live-track";

// Loaded on demand: visitors and other users never download the studio, and the page carries none of its data.
const Studio = lazy(() => import("./Studio"));

/**
 * The place of a track's studio on the track page: empty for everyone but the track's owner, for whom it loads the
 * studio's code and the track as the owner sees it (GET /api/track/{id}), or takes the track the page already has
 * (the client-rendered shell); then the track as read again after each change (track/live-track.ts).
 */
export default function OwnerStudio({ trackId, ownerId, track }: { trackId: string; ownerId: string; track?: TrackDetails }) {
  const auth = useIslandStore($auth);
  const isOwner = auth.status === "signed-in" && auth.user.id === ownerId;
  const [loaded, setLoaded] = useState<TrackDetails | null>(null);
  useEffect(() => {
    if (!isOwner || track) return;
    let current = true;
    reply(api.track({ id: trackId }).get(fresh()))
      .then((details) => current && setLoaded(details))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [isOwner, track, trackId]);
  const latest = useLatestTrack(trackId)?.details;
  const shown = latest ?? track ?? loaded;
  if (!isOwner || !shown) return null;
  return (
    <Suspense fallback={null}>
      <Studio track={shown} />
    </Suspense>
  );
}
