import { useEffect } from "react";
import { $auth } from "../lib/auth";
import { currentReturnPath } from "../lib/return-path";
import { useIslandStore } from "../lib/use-island-store";

/**
 * The sign-in screens have nothing to offer someone already signed in: send them on to the page
 * they were coming back to (`?next=`), or home. Paused (`active` false) while the form itself
 * signs in, since the form then navigates on its own.
 */
export function useLeaveWhenSignedIn(active: boolean): void {
  const auth = useIslandStore($auth);
  useEffect(() => {
    if (active && auth.status === "signed-in") window.location.replace(currentReturnPath());
  }, [auth, active]);
}
