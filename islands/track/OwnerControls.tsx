import { lazy, Suspense, useMemo } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { ArtistLink } from "../profiles/ArtistLink";
import ownerActionsOnServer from "./OwnerActions?server-only";

// Loaded on demand: visitors and other users never download the owner's controls. On the server they render at once,
// so the page rendered for the owner has them in its HTML (issue 39), kept until their code has loaded.
const OwnerActions =
  (ownerActionsOnServer as typeof import("./OwnerActions").default | null) ?? lazy(() => import("./OwnerActions"));

/**
 * The place of the owner's line (OwnerActions: the words, the Edit link, the toggle), the same size and unseen, held
 * while the owner's stored session is checked or their controls' code loads, so nothing moves when they come.
 */
function OwnerActionsPlaceholder({ className }: { className: string }) {
  return (
    <div className={`owner-controls ${className}`} aria-hidden="true">
      <p className="track-uploader">You uploaded this track</p>
      <span className="button button-small">Edit Track</span>
      <span className="visibility-toggle">
        <input type="checkbox" tabIndex={-1} disabled />
        Public
      </span>
    </div>
  );
}

/**
 * The header's uploader line (SPEC §2/§6): 'Uploaded by {name}' for everyone else, and for the owner
 * 'You uploaded this track' with the Edit link and the public/private toggle. Before the session is known the
 * server's page shows the uploader line, unless the stored session is the owner's (html[data-owner-view], set
 * before the first paint by the track page): then the owner's line's place is held instead. A page rendered for its
 * viewer (`viewerId`: theirs, null for a visitor; issue 39) shows their line from the start.
 */
export default function OwnerControls({
  trackId,
  ownerId,
  username,
  isPublic,
  viewerId,
}: {
  trackId: string;
  ownerId: string;
  username: string;
  isPublic: boolean;
  viewerId?: string | null;
}) {
  const stored = useIslandStore($auth);
  const signedInId = stored.status === "signed-in" ? stored.user.id : stored.status === "anonymous" ? null : viewerId;
  // One element for as long as its props are: see TopBar's signed-in controls.
  const ownerActions = useMemo(
    () => (
      <Suspense fallback={<OwnerActionsPlaceholder className="owner-controls-loading" />}>
        <OwnerActions trackId={trackId} isPublic={isPublic} />
      </Suspense>
    ),
    [trackId, isPublic],
  );
  const uploader = (className?: string) => (
    <p className={className ? `track-uploader ${className}` : "track-uploader"}>
      Uploaded by <ArtistLink username={username} />
    </p>
  );
  if (signedInId === undefined)
    return (
      <>
        {uploader("while-not-owner")}
        <OwnerActionsPlaceholder className="while-owner" />
      </>
    );
  if (signedInId !== ownerId) return uploader();
  return ownerActions;
}
