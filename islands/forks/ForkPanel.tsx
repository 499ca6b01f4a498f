import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { mayFork } from "./may-fork";
import "./forks.css";

// A fork's lineage the server could not render for everyone is read in the browser, so other tracks never load its code.
const Lineage = lazy(() => import("./Lineage").then((module) => ({ default: module.Lineage })));
// Each dialog's code loads when it is first opened: most readers open neither.
const ForkDialog = lazy(() => import("./ForkDialog").then((module) => ({ default: module.ForkDialog })));
const ForkTreeDialog = lazy(() => import("./ForkTreeDialog").then((module) => ({ default: module.ForkTreeDialog })));

/**
 * The track page's fork info (SPEC §2): where a fork comes from, the Fork button (signed in, not your
 * own track: SPEC §6) and the fork tree. A fork whose whole chain is public has its lineage rendered by the server
 * (`lineage`, forks/Lineage.tsx LineageView, said by `lineageRendered`: Astro hands an island an empty slot too),
 * shown as it is; any other fork's lineage is read once hydrated.
 */
export default function ForkPanel({
  track,
  lineageRendered = false,
  lineage,
}: {
  track: { id: string; title: string; userId: string; isFork: boolean; forkCount: number };
  lineageRendered?: boolean;
  lineage?: ReactNode;
}) {
  const auth = useIslandStore($auth);
  const [open, setOpen] = useState<"fork" | "tree" | null>(null);
  // Mounted after hydration only: rendered by the server, a lazy component would leave a boundary React redoes.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section className="fork-panel" aria-label="Forks">
      {lineageRendered
        ? lineage
        : track.isFork &&
          hydrated && (
            <Suspense fallback={null}>
              <Lineage trackId={track.id} />
            </Suspense>
          )}
      <div className="fork-actions">
        {mayFork(auth, track.userId) && (
          <button type="button" className="button button-small" onClick={() => setOpen("fork")}>
            Fork
          </button>
        )}
        <button type="button" className="button button-small button-secondary js-only" onClick={() => setOpen("tree")}>
          View Forks ({track.forkCount})
        </button>
      </div>
      <Suspense fallback={null}>
        {open === "fork" && <ForkDialog trackId={track.id} title={track.title} onClose={() => setOpen(null)} />}
        {open === "tree" && <ForkTreeDialog trackId={track.id} onClose={() => setOpen(null)} />}
      </Suspense>
    </section>
  );
}
