import { useEffect, useState } from "react";
import type { TrackPage } from "../../modules/lists/model";
import { $auth, storedToken } from "../lib/auth";
import { initSession } from "../lib/session";
import { useIslandStore } from "../lib/use-island-store";
import type { SortKey } from "./sort-options";
import { TrackList } from "./TrackList";

const PUBLIC_PATH = "/tracks/public";

/**
 * The home page list (SPEC §2): 'Public Tracks' for visitors, 'Available Tracks' (public plus what the
 * user may access) with a token. The server rendered the first public page (`initialPage`, in
 * `initialSort`); a visitor keeps it, a stored token switches to the available list once checked.
 */
export default function HomeTracks({ initialSort, initialPage }: { initialSort: SortKey; initialPage: TrackPage | null }) {
  const auth = useIslandStore($auth);
  // Read after hydration: the server-rendered heading (no token there) must match the first client render.
  const [hasStoredToken, setHasStoredToken] = useState(false);
  useEffect(() => {
    setHasStoredToken(storedToken() !== null);
    initSession();
  }, []);
  const signedIn = auth.status === "signed-in" || (auth.status === "unknown" && hasStoredToken);
  const path = signedIn ? (auth.status === "signed-in" ? "/tracks/available" : null) : PUBLIC_PATH;
  return (
    <>
      <h1>{signedIn ? "Available Tracks" : "Public Tracks"}</h1>
      <TrackList
        key={signedIn ? "available" : "public"}
        path={path}
        viewerId={auth.status === "signed-in" ? auth.user.id : null}
        initialSort={initialSort}
        initial={signedIn || !initialPage ? undefined : { path: PUBLIC_PATH, sort: initialSort, page: initialPage }}
        sortInAddress
      />
    </>
  );
}
