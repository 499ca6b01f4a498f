import { useEffect } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { askLikedAmong } from "./like-states";

/** A list of cards asks, once its reader is signed in, which of its tracks they like: one request per page shown. */
export function useLikedAmong(tracks: { id: string }[]): void {
  const auth = useIslandStore($auth);
  const signedIn = auth.status === "signed-in";
  useEffect(() => {
    if (signedIn) askLikedAmong(tracks);
  }, [signedIn, tracks]);
}
