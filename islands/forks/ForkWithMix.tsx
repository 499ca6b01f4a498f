import { useState } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { ForkDialog, type MixToFork } from "./ForkDialog";
import { mayFork } from "./may-fork";
import "./forks.css";

/** What synced mode needs to offer a fork: the same rule as the Fork button, and a track done processing. */
export interface ForkSource {
  title: string;
  ownerId: string;
  /** The track's processing is done (READY). */
  processed: boolean;
  /** Seconds: what the rendered full track costs the forker. */
  duration: number | null;
}

/**
 * "Fork with this mix" (synced mode): the fork dialog, sending the mix as it is heard when the button is
 * pressed, so the fork's full track is rendered from the stems with it. Shown only where the Fork button
 * is, once the track is ready (the server refuses a fork before).
 */
export function ForkWithMix({
  trackId,
  source,
  currentMix,
}: {
  trackId: string;
  source: ForkSource;
  currentMix: () => MixToFork;
}) {
  const auth = useIslandStore($auth);
  const [mix, setMix] = useState<MixToFork | null>(null);
  if (!source.processed || !mayFork(auth, source.ownerId)) return null;
  return (
    <>
      <button type="button" className="button button-small" onClick={() => setMix(currentMix())}>
        Fork with this mix
      </button>
      {mix && (
        <ForkDialog trackId={trackId} title={source.title} duration={source.duration} mix={mix} onClose={() => setMix(null)} />
      )}
    </>
  );
}
