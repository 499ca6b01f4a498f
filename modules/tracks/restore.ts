import { config } from "../../src/server/config";
import { conflict, notFound } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import { findUserById, type Viewer } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import type { TrackDetails } from "./model";
import { tracksRepo } from "./repo";
import type { Track } from "./schema";
import { trackView } from "./view";

/**
 * POST /api/track/{id}/restore (admins): a track PENDING_DELETION becomes ACTIVE again, as it was, and its owner is
 * told. Only while its files are sure to exist: once the grace period is over the purge may be deleting them, and a
 * DELETED track has none. An account deleted meanwhile keeps its tracks gone. The track counts against its owner's
 * quota again, even past it: the admin chose to bring it back, and Manage Storage then shows the owner over quota.
 */
export async function restoreTrack(id: string, admin: Viewer): Promise<TrackDetails> {
  const track = await tracksRepo.findById(id);
  if (!track) throw notFound("Track not found");
  if (track.status === "ACTIVE") throw conflict("This track is not deleted");
  if (track.status === "DELETED") throw conflict("This track's files are deleted: it can no longer be restored");
  if (!(await findUserById(track.userId))) throw conflict("The owner's account is deleted: its tracks cannot be restored");
  const graceStart = new Date(Date.now() - config().deletionGraceSeconds * 1000);
  if (!(await tracksRepo.restorePending(track.id, graceStart)))
    throw conflict("This track's grace period is over and its files are being deleted: it can no longer be restored");
  await notifyUsers([track.userId], {
    title: "Your track was restored",
    message: `An administrator restored "${track.title}".`,
    type: "info",
    link: `/track/${track.id}`,
  });
  log.info("track restored", { trackId: track.id, adminId: admin.id });
  return trackView((await tracksRepo.findById(track.id)) as Track, admin);
}
