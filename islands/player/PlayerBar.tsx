import { lazy, Suspense } from "react";
import { useIslandStore } from "../lib/use-island-store";
import { $nowPlaying } from "./now-playing";
import "./player-bar.css";

// The bar's controls, queue and keys come with the first thing played (or a reload's track to show): a page where
// nothing has played carries only this gate and the stores.
const PlayerBarView = lazy(() => import("./PlayerBarView").then((module) => ({ default: module.PlayerBarView })));

/**
 * The player bar's island (issue 40 A), in every page's layout and kept across client-side navigations
 * (Base.astro persists it): nothing until something plays, then the bar (PlayerBarView.tsx).
 */
export default function PlayerBar() {
  const item = useIslandStore($nowPlaying);
  if (!item) return null;
  return (
    <Suspense fallback={<div className="player-bar-space" />}>
      <PlayerBarView item={item} />
    </Suspense>
  );
}
