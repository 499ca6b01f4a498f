import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $auth } from "../lib/auth";

/** The sign-in screens have nothing to offer someone already signed in: send them home. */
export function useLeaveWhenSignedIn(): void {
  const auth = useStore($auth);
  useEffect(() => {
    if (auth.status === "signed-in") window.location.replace("/");
  }, [auth]);
}
