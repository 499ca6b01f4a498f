import { type ReactNode, useEffect } from "react";
import { $auth } from "../lib/auth";
import { currentReturnPath, signInHref } from "../lib/return-path";
import { initSession } from "../lib/session";
import { useIslandStore } from "../lib/use-island-store";
import { Loading } from "../ui/Loading";

/**
 * Shows its children only to who may see the page: signed-in pages send visitors to /login (and back after),
 * admin pages send everyone but ADMIN to / (SPEC §2). The server checks every call again.
 */
export function PageGuard({ require, children }: { require: "user" | "admin"; children: ReactNode }) {
  const auth = useIslandStore($auth);
  useEffect(initSession, []);
  const allowed = auth.status === "signed-in" && (require === "user" || auth.user.role === "ADMIN");
  useEffect(() => {
    // Back to this page after signing in (return-path.ts keeps that to paths on this site).
    if (auth.status === "anonymous") window.location.replace(signInHref("/login", currentReturnPath()));
    else if (auth.status === "signed-in" && !allowed) window.location.replace("/");
  }, [auth, allowed]);
  return allowed ? children : <Loading />;
}
