import { lazy, Suspense } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import type { PageStem } from "./page-props";

// Loaded once signed in, as every download: a visitor's stem rows already say 'Sign in to download'.
const AllStemsZip = lazy(() => import("./AllStemsZip"));

/** "Download all stems", for a signed-in user on a track with stems. */
export default function AllStemsDownload({ trackId, stems }: { trackId: string; stems: PageStem[] }) {
  const auth = useIslandStore($auth);
  if (auth.status !== "signed-in" || stems.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AllStemsZip trackId={trackId} stems={stems} />
    </Suspense>
  );
}
