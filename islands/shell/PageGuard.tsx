import { type ReactNode, useEffect } from "react";
import { $auth } from "../lib/auth";
import { currentReturnPath, signInHref } from "../lib/return-path";
import { useIslandStore } from "../lib/use-island-store";
import { useReturnPath } from "../lib/use-return-path";
import { Loading } from "../ui/Loading";

/** What a visitor reads on a page that needs signing in: the page's own words and a way to log in and back. */
export function SignInNotice({ message }: { message: string }) {
  const returnPath = useReturnPath();
  return (
    <div className="error-view" role="alert">
      <p>{message}</p>
      <a className="button sign-in-link" href={signInHref("/login", returnPath)}>
        Log in
      </a>
    </div>
  );
}

/**
 * Shows its children only to who may see the page (SPEC §2). A visitor reads `visitorMessage` with a
 * link to log in that returns here, when the page has such words (SPEC §2 admin, §8 notifications);
 * otherwise goes to /login and back after. Admin pages send signed-in non-admins to /. The server
 * checks every call again.
 */
export function PageGuard({
  require,
  visitorMessage,
  children,
}: {
  require: "user" | "admin";
  visitorMessage?: string;
  children: ReactNode;
}) {
  const auth = useIslandStore($auth);
  const allowed = auth.status === "signed-in" && (require === "user" || auth.user.role === "ADMIN");
  useEffect(() => {
    // Back to this page after signing in (return-path.ts keeps that to paths on this site).
    if (auth.status === "anonymous" && !visitorMessage) window.location.replace(signInHref("/login", currentReturnPath()));
    else if (auth.status === "signed-in" && !allowed) window.location.replace("/");
  }, [auth, allowed, visitorMessage]);
  if (auth.status === "anonymous" && visitorMessage) return <SignInNotice message={visitorMessage} />;
  if (allowed) return children;
  return (
    <>
      <div className="js-only">
        <Loading />
      </div>
      {/* The session lives in the browser: without JavaScript this page can never show, so say so. */}
      <p className="notice no-js-only">This page needs JavaScript: it shows what is yours once you are signed in.</p>
    </>
  );
}
