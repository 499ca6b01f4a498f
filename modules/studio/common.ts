import { conflict, forbidden, notFound } from "../../src/server/errors";
import { fileStore } from "../../src/server/store";
import type { Viewer } from "../auth/service";
import { withFilesInFlight } from "../track-files/service";
import { findTrack, type Track } from "../tracks/service";
import type { Inspected } from "../uploads/service";
import { STUDIO_BUSY } from "./repo";

/**
 * SPEC §6: only the owner of a fork changes its stems and audio. Everyone else gets the 404 of a track
 * they cannot see (admins too: moderation deletes, it does not compose); the owner of a track that is
 * not a fork a 403. While the track is processing (a stem's MP3, a regenerated mix) changes wait, so
 * two of them never race over the same rows; the change's transaction checks again under the track's
 * lock (tracks' changeWithinQuota), as requests arriving together all pass here.
 */
export async function findStudioTrack(id: string, viewer: Viewer): Promise<Track> {
  const track = await findTrack(id);
  if (track?.status !== "ACTIVE" || track.userId !== viewer.id) throw notFound("Track not found");
  if (!track.isFork) throw forbidden("Stems and audio can only be changed on your own forks");
  if (track.processingStatus === "PENDING") throw conflict(STUDIO_BUSY);
  return track;
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
  processingStatus: "PENDING" as const,
  processingError: null,
});
