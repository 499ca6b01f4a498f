import { useEffect, useState } from "react";
import { $auth, storedToken } from "../lib/auth";
import { initSession } from "../lib/session";
import { useIslandStore } from "../lib/use-island-store";
import { TrackList } from "./TrackList";

/**
 * The home page list (SPEC §2): 'Public Tracks' for visitors, 'Available Tracks' (public plus what the
 * user may access) with a token. Waits for the stored token's check before choosing the list.
 */
export default function HomeTracks() {
  const auth = useIslandStore($auth);
  // Read after hydration: the server-rendered heading (no token there) must match the first client render.
  const [hasStoredToken, setHasStoredToken] = useState(false);
  useEffect(() => {
    setHasStoredToken(storedToken() !== null);
    initSession();
  }, []);
  const signedIn = auth.status === "signed-in" || (auth.status === "unknown" && hasStoredToken);
  const path = auth.status === "unknown" ? null : signedIn ? "/tracks/available" : "/tracks/public";
  return (
    <>
      <h1>{signedIn ? "Available Tracks" : "Public Tracks"}</h1>
      <TrackList key={path ?? "pending"} path={path} viewerId={auth.status === "signed-in" ? auth.user.id : null} />
    </>
  );
}
