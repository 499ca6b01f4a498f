import type { TrackPage } from "../../modules/lists/model";
import type { SortKey } from "../../src/shared/sort-options";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { TrackList } from "../tracks/TrackList";

/**
 * One list of an artist's page (`/u/{username}`): the server rendered its first page (`initialPage`, in
 * `initialSort`); the island takes over for the sort and infinite scroll. The same list for everyone, so a
 * signed-in viewer only adds the menus of their own tracks.
 */
export default function ArtistTracks({
  path,
  initialSort,
  initialPage,
  sortInAddress = false,
}: {
  /** `/users/{username}/tracks`, `/forks` or `/forked`. */
  path: string;
  initialSort: SortKey;
  initialPage: TrackPage | null;
  sortInAddress?: boolean;
}) {
  const auth = useIslandStore($auth);
  return (
    <TrackList
      path={path}
      viewerId={auth.status === "signed-in" ? auth.user.id : null}
      initialSort={initialSort}
      initial={initialPage ? { path, sort: initialSort, page: initialPage } : undefined}
      sortInAddress={sortInAddress}
    />
  );
}
