import { lazy, Suspense, useEffect, useState } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { api, fresh, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { useLatestTrack } from "../track/live-track";
import type { StemsSectionProps } from "../track/StemsSection";

// Loaded on demand: visitors and other users never download the studio, and the page carries none of its data.
const Studio = lazy(() => import("./Studio"));

/**
 * The place of a track's studio on the track page: empty for everyone but the track's owner, for whom it loads the
 * studio's code and the track as the owner sees it (GET /api/track/{id}); then the track as read again after each
 * change (track/live-track.ts).
 * A page rendered without a stems section (the track had no stem) gives the section's props as `stemsSection`: once
 * the owner adds the first stem, the studio shows the section just above itself, where the page would have rendered
 * it. No reload, so a comment being typed stays.
 */
export default function OwnerStudio({
  trackId,
  ownerId,
  stemsSection,
}: {
  trackId: string;
  ownerId: string;
  stemsSection?: Omit<StemsSectionProps, "stems">;
}) {
  const auth = useIslandStore($auth);
  const isOwner = auth.status === "signed-in" && auth.user.id === ownerId;
  const [loaded, setLoaded] = useState<TrackDetails | null>(null);
  useEffect(() => {
    if (!isOwner) return;
    let current = true;
    reply(api.track({ id: trackId }).get(fresh()))
      .then((details) => current && setLoaded(details))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [isOwner, trackId]);
  const latest = useLatestTrack(trackId);
  const shown = latest?.details ?? loaded;
  if (!isOwner || !shown) return null;
  const gainedStems = stemsSection && latest?.stems.length ? { ...stemsSection, stems: latest.stems } : undefined;
  return (
    <Suspense fallback={null}>
      <Studio track={shown} gainedStems={gainedStems} />
    </Suspense>
  );
}
