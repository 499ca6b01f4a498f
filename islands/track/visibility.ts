import { map } from "nanostores";
import { useIslandStore } from "../lib/use-island-store";

/**
 * Visibility the owner changed on this page (OwnerControls), per track id. The page's other islands
 * read it too: media URLs carry the token only while a track is private.
 */
const $visibilityChanges = map<Record<string, boolean>>({});

export function setTrackVisibility(trackId: string, isPublic: boolean): void {
  $visibilityChanges.setKey(trackId, isPublic);
}

/** Whether the track is public now: as loaded, unless changed on this page since. */
export function useIsPublic(trackId: string, loaded: boolean): boolean {
  return useIslandStore($visibilityChanges)[trackId] ?? loaded;
}
