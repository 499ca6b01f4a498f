import { type ReactNode, useEffect, useState } from "react";
import type { TrackPage } from "../../modules/lists/model";
import type { SortKey } from "../../src/shared/sort-options";
import { $auth, isSignedIn } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { TrackList } from "./TrackList";

const PUBLIC_PATH = "/tracks/public";
const FOLLOWING_PATH = "/tracks/following";
/** The home page's lists for a signed-in user: everything they may see, or what the artists they follow made. */
type HomeList = "available" | "following";

/**
 * The home page list (SPEC §2): 'Public Tracks' for visitors, 'Available Tracks' (public plus what the
 * user may access) with a token, under the address's track `filters` (a query string; `children` is their form).
 * The server rendered the first public page (`initialPage`, in `initialSort`); a visitor keeps it, a stored token
 * switches to the available list once checked. `refusal`: the API's message for filters it refused, shown instead.
 * A signed-in user also has the Following tab (`?list=following`): the public tracks and forks of whom they follow,
 * without the track filters (the form is not shown there); a followed artist's new track joins it live.
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
  const [seemsSignedIn, setSeemsSignedIn] = useState(false);
  // Read from the address after hydration too: the server renders one home page for every list (its page cache).
  const [chosen, setChosen] = useState<HomeList>("available");
  useEffect(() => {
    setSeemsSignedIn(isSignedIn());
    setChosen(new URLSearchParams(window.location.search).get("list") === "following" ? "following" : "available");
  }, []);
  const signedIn = auth.status === "signed-in" || (auth.status === "unknown" && seemsSignedIn);
  const following = signedIn && chosen === "following";
  const heading = following ? "Following" : signedIn ? "Available Tracks" : "Public Tracks";
  const available = following ? FOLLOWING_PATH : "/tracks/available";
  const list = signedIn ? (auth.status === "signed-in" ? available : null) : PUBLIC_PATH;
  const path = list && filters && !following ? `${list}?${filters}` : list;
  return (
    <>
      <h1>{heading}</h1>
      {signedIn && (
        <nav className="artist-tabs" aria-label="Home lists">
          <a href="/" aria-current={following ? undefined : "page"}>
            Available Tracks
          </a>
          <a href="/?list=following" aria-current={following ? "page" : undefined}>
            Following
          </a>
        </nav>
      )}
      {!following && children}
      {following && auth.status === "signed-in" && (
        <p className="home-following-note">Public tracks and forks of the artists you follow, newest first.</p>
      )}
      {refusal && !following ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : (
        <TrackList
          key={following ? "following" : signedIn ? "available" : "public"}
          path={path}
          viewerId={auth.status === "signed-in" ? auth.user.id : null}
          initialSort={initialSort}
          initial={signedIn || !initialPage ? undefined : { path: path ?? PUBLIC_PATH, sort: initialSort, page: initialPage }}
          sortInAddress
          addressFilters={following ? "list=following" : filters}
          showsNewTracksLive={following}
          queueLabel={heading}
        />
      )}
    </>
  );
}
