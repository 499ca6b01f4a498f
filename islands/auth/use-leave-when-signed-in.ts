import { useEffect } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";

/**
 * The sign-in screens have nothing to offer someone already signed in: send them home. Paused
 * (`active` false) while the form itself signs in, since the form then navigates on its own.
 */
export function useLeaveWhenSignedIn(active: boolean): void {
  const auth = useIslandStore($auth);
  useEffect(() => {
    if (active && auth.status === "signed-in") window.location.replace("/");
  }, [auth, active]);
}
