import { conflict, forbidden, notFound } from "../../src/server/errors";
import { fileStore } from "../../src/server/store";
import type { Viewer } from "../auth/service";
import { withFilesInFlight } from "../track-files/service";
import { findTrack, type Track } from "../tracks/service";
import type { Inspected } from "../uploads/service";
import { STUDIO_BUSY } from "./repo";

/**
 * SPEC §6: only the owner of a track changes its stems (issue 37: an original's too, so a forgotten stem
 * does not cost a re-upload and the plays, comments and forks with it). Everyone else gets the 404 of a
 * track they cannot see (admins too: moderation deletes, it does not compose). While the track is
 * processing (a stem's MP3, a regenerated mix) changes wait, so two of them never race over the same
 * rows; the change's transaction checks again under the track's lock (changeWithinQuota), as requests
 * arriving together all pass here.
 */
export async function findStudioTrack(id: string, viewer: Viewer): Promise<Track> {
  const track = await findTrack(id);
  if (track?.status !== "ACTIVE" || track.userId !== viewer.id) throw notFound("Track not found");
  if (track.processingStatus === "PENDING") throw conflict(STUDIO_BUSY);
  return track;
}

/** SPEC §6: audio is replaced only on forks. An original's full track is the master its forks came from. */
export const ORIGINAL_AUDIO_STAYS = "An original keeps the audio it was uploaded with: its audio can be replaced only on a fork";
/** Nor is an original's stem audio replaced; a new file is added as a stem of its own. */
export const ORIGINAL_STEM_AUDIO_STAYS =
  "A stem of an original keeps the audio it was uploaded with: remove it and add the new file as a stem";

/** Refuses (403, `message`) a change only a fork takes. */
export function forkOnly(track: Track, message: string): void {
  if (!track.isFork) throw forbidden(message);
}

/**
 * Stores a checked file under a fresh key, then lets `keep` write the rows. Afterwards whichever of the
 * new file and the `replaced` ones no live row names goes: the new one when `keep` refused, the
 * replaced ones when it succeeded (unless a fork still names them), and after a crash the sweep of
 * files in flight does the same.
 */
export async function storeThen(
  key: string,
  facts: Inspected,
  replaced: Array<string | null>,
  keep: () => Promise<void>,
): Promise<void> {
  await withFilesInFlight(key, replaced, async () => {
    await fileStore().putFile(key, facts.path);
    await keep();
  });
}

/** The columns a new stem file sets; its MP3 and loudness come from the processing job. */
export const fileFields = (fileKey: string, facts: Inspected) => ({
  fileKey,
  originalFormat: facts.format,
  sizeBytes: facts.size,
  duration: facts.duration,
  waveformData: facts.waveformData,
  mp3Key: null,
  mp3SizeBytes: 0,
  loudnessLufs: null,
  truePeakDb: null,
  processingStatus: "PENDING" as const,
  processingError: null,
});
