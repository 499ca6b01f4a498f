import { lazy, Suspense } from "react";
import { $auth } from "../lib/auth";
import { signInHref } from "../lib/return-path";
import { useIslandStore } from "../lib/use-island-store";
import { useReturnPath } from "../lib/use-return-path";
import type { DownloadsProps } from "./DownloadControls";

// The buttons and their conversions load once signed in: a visitor is only offered to sign in.
const DownloadControls = lazy(() => import("./DownloadControls"));

/**
 * The downloads row of the full track or one stem. Downloads are for signed-in users (SPEC §1; the
 * server refuses a visitor's conversion with 401), so a visitor gets a link to sign in instead of
 * buttons that would fail, which brings them back here once signed in. Until the stored token has
 * been checked, the row stays empty rather than showing controls that may vanish; so the controls
 * only ever mount in a hydrated island, live at once.
 */
export default function Downloads(props: DownloadsProps) {
  const auth = useIslandStore($auth);
  const returnPath = useReturnPath();
  const pending = (
    <fieldset className="downloads" aria-busy="true">
      <legend>Download {props.label}</legend>
    </fieldset>
  );
  if (auth.status === "signed-in")
    return (
      <Suspense fallback={pending}>
        <DownloadControls {...props} />
      </Suspense>
    );
  return (
    <fieldset className="downloads" aria-busy={auth.status === "unknown"}>
      <legend>Download {props.label}</legend>
      {auth.status === "anonymous" && (
        <a className="downloads-sign-in" href={signInHref("/login", returnPath)}>
          Sign in to download
        </a>
      )}
      {/* Without JavaScript nobody is signed in: the server's page already says how to download. */}
      {auth.status === "unknown" && (
        <a className="downloads-sign-in no-js-only" href={signInHref("/login", `/track/${props.target.trackId}`)}>
          Sign in to download
        </a>
      )}
    </fieldset>
  );
}
