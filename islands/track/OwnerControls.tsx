import { lazy, Suspense } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { ArtistLink } from "../profiles/ArtistLink";

// Loaded on demand: visitors and other users never download the owner's controls.
const OwnerActions = lazy(() => import("./OwnerActions"));

/**
 * The header's uploader line (SPEC §2/§6): 'Uploaded by {name}' for everyone else, and for the owner
 * 'You uploaded this track' with the Edit link and the public/private toggle.
 */
export default function OwnerControls({
  trackId,
  ownerId,
  username,
  isPublic,
}: {
  trackId: string;
  ownerId: string;
  username: string;
  isPublic: boolean;
}) {
  const auth = useIslandStore($auth);
  const uploader = (
    <p className="track-uploader">
      Uploaded by <ArtistLink username={username} />
    </p>
  );
  if (auth.status !== "signed-in" || auth.user.id !== ownerId) return uploader;
  return (
    <Suspense fallback={uploader}>
      <OwnerActions trackId={trackId} isPublic={isPublic} />
    </Suspense>
  );
}
