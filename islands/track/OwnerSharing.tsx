import { lazy, Suspense } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import type { SharedUser } from "./SharingPanel";

// Loaded on demand: visitors and other users never download (or hydrate) the owner's sharing panel.
const SharingPanel = lazy(() => import("./SharingPanel"));

/**
 * The place of the sharing panel on the track page (SPEC §2 "sharing panel for the owner"): empty for
 * everyone but the track's owner, so nobody else loads its code or asks who the track is shared with.
 */
export default function OwnerSharing({
  trackId,
  ownerId,
  sharedWith,
}: {
  trackId: string;
  ownerId: string;
  /** The owner's list when the page was rendered for them (issue 39); fetched otherwise. */
  sharedWith?: SharedUser[];
}) {
  const auth = useIslandStore($auth);
  if (auth.status !== "signed-in" || auth.user.id !== ownerId) return null;
  return (
    <Suspense fallback={null}>
      <SharingPanel trackId={trackId} ownerEmail={auth.user.email} initialSharedWith={sharedWith} />
    </Suspense>
  );
}
