import { type ReactNode, useEffect, useState } from "react";
import type { TrackPage } from "../../modules/lists/model";
import { $auth, storedToken } from "../lib/auth";
import { initSession } from "../lib/session";
import { useIslandStore } from "../lib/use-island-store";
import type { SortKey } from "./sort-options";
import { TrackList } from "./TrackList";

const PUBLIC_PATH = "/tracks/public";

/**
 * The home page list (SPEC §2): 'Public Tracks' for visitors, 'Available Tracks' (public plus what the
 * user may access) with a token, under the address's track `filters` (a query string; `children` is their form).
 * The server rendered the first public page (`initialPage`, in `initialSort`); a visitor keeps it, a stored token
 * switches to the available list once checked. `refusal`: the API's message for filters it refused, shown instead.
 */
export default function HomeTracks({
  initialSort,
  initialPage,
  filters,
  refusal,
  children,
}: {
  initialSort: SortKey;
  initialPage: TrackPage | null;
  filters: string;
  refusal: string | null;
  children?: ReactNode;
}) {
  const auth = useIslandStore($auth);
  // Read after hydration: the server-rendered heading (no token there) must match the first client render.
  const [hasStoredToken, setHasStoredToken] = useState(false);
  useEffect(() => {
    setHasStoredToken(storedToken() !== null);
    initSession();
  }, []);
  const signedIn = auth.status === "signed-in" || (auth.status === "unknown" && hasStoredToken);
  const list = signedIn ? (auth.status === "signed-in" ? "/tracks/available" : null) : PUBLIC_PATH;
  const path = list && filters ? `${list}?${filters}` : list;
  return (
    <>
      <h1>{signedIn ? "Available Tracks" : "Public Tracks"}</h1>
      {children}
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : (
        <TrackList
          key={signedIn ? "available" : "public"}
          path={path}
          viewerId={auth.status === "signed-in" ? auth.user.id : null}
          initialSort={initialSort}
          initial={signedIn || !initialPage ? undefined : { path: path ?? PUBLIC_PATH, sort: initialSort, page: initialPage }}
          sortInAddress
          addressFilters={filters}
        />
      )}
    </>
  );
}
