import type { Viewer } from "../auth/service";
import { findOwnedTrack } from "./access";
import { checkForkLicense } from "./lineage";
import { tracksRepo } from "./repo";
import type { Track } from "./schema";
import { parseTrackInfo } from "./upload-input";
import { type TrackView, trackView } from "./view";

/**
 * PATCH /api/track/{id}: the body is the whole Track Info form, checked by the upload's rules. Optional
 * fields left out are cleared (the client sends the release date only when one is set, so leaving it
 * out removes it); the two flags left out keep their current value, so a client that does not send
 * isPublic can never publish a private track by accident. Access comes first: others get 404, not 400.
 * A fork's licence may only change to one that honours its obligations (lineage.ts).
 */
export function editTrack(id: string, viewer: Viewer, body: unknown): TrackView {
  const track = findOwnedTrack(id, viewer);
  const info = parseTrackInfo(body, { isExplicit: track.isExplicit, isPublic: track.isPublic });
  checkForkLicense(track, info.licenseId);
  tracksRepo.update(track.id, info);
  return trackView(tracksRepo.findById(track.id) as Track, viewer);
}
