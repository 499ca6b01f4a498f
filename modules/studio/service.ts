import { badRequest, conflict, forbidden, notFound } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/multipart";
import { fileStore } from "../../src/server/store";
import { MAX_STEMS, STEMS_NEED_WAV_OR_FLAC, TOO_MANY_STEMS, takesStems } from "../../src/shared/upload-rules";
import type { Viewer } from "../auth/service";
import { invalidateConversions } from "../conversions/service";
import type { Track } from "../tracks/schema";
import * as tracks from "../tracks/service";
import { fitToTrack, trackLength } from "./fit";
import { type StemInfo, stemFileFormat, stemInfo } from "./stem-input";

/**
 * SPEC §6: only the owner of a fork changes its stems and audio. Everyone else gets the 404 of a track
 * they cannot see (admins too: moderation deletes, it does not compose); the owner of a track that is
 * not a fork a 403. While the track is processing (a stem's MP3, a regenerated mix) changes wait, so
 * two of them never race over the same rows.
 */
export function findStudioTrack(id: string, viewer: Viewer): Track {
  const track = tracks.findTrackRow(id);
  if (track?.status !== "ACTIVE" || track.userId !== viewer.id) throw notFound("Track not found");
  if (!track.isFork) throw forbidden("Stems and audio can only be changed on your own forks");
  if (track.processingStatus === "PENDING") throw conflict("This track is still being processed; try again in a moment");
  return track;
}

/** The changed track's stem file, checked like an upload's stems and fitted to the track's length. */
async function checkedStemFile(track: Track, file: StagedFile | undefined, label: string, folder: string) {
  if (!file || file.size === 0) throw badRequest("Please select an audio file for the stem.");
  if (!takesStems(track.originalFormat)) throw badRequest(STEMS_NEED_WAV_OR_FLAC);
  const length = await trackLength(track);
  if (!length) throw badRequest(STEMS_NEED_WAV_OR_FLAC);
  return fitToTrack(await tracks.inspectStaged(file, stemFileFormat(file.name), label), length, label, folder);
}

/** Stores a checked file under a fresh key, then lets `keep` write the rows; refused there, the file goes. */
export async function storeThen(key: string, facts: tracks.Inspected, keep: () => void): Promise<void> {
  await fileStore.putFile(key, facts.path);
  try {
    keep();
  } catch (error) {
    await fileStore.delete(key);
    throw error;
  }
}

/** POST /api/track/{id}/stem: a new stem, charged to the quota; its MP3 is made by the processing job. */
export async function addStem(id: string, viewer: Viewer, data: unknown, file: StagedFile | undefined, folder: string) {
  const track = findStudioTrack(id, viewer);
  const info = stemInfo(data, null);
  if (tracks.listStemsOf(track.id).length >= MAX_STEMS) throw badRequest(TOO_MANY_STEMS);
  const facts = await checkedStemFile(track, file, `Stem "${info.name}"`, folder);
  const stemId = crypto.randomUUID();
  const fileKey = tracks.trackKeys.stemRevision(track.id, facts.format);
  const quota = tracks.quotaGate(viewer.id, facts.duration, "stem");
  await storeThen(fileKey, facts, () =>
    tracks.changeWithinQuota(
      track.id,
      {
        addStem: { id: stemId, trackId: track.id, ...info, index: tracks.nextStemIndex(track.id), ...fileFields(fileKey, facts) },
      },
      facts.duration,
      quota.admit,
    ),
  );
  await tracks.enqueueProcessing(track.id);
  return { id: stemId, ...withNotification(quota.warning()) };
}

/** PATCH /api/track/{id}/stem/{stemId}: name and type; with a file, the stem's audio too (like an added stem). */
export async function editStem(
  id: string,
  stemId: string,
  viewer: Viewer,
  data: unknown,
  file: StagedFile | undefined,
  folder: string,
) {
  const track = findStudioTrack(id, viewer);
  const stem = tracks.requireStemOf(track.id, stemId);
  const info: StemInfo = stemInfo(data, stem);
  if (!file) {
    tracks.renameStem(stem.id, info);
    return { id: stem.id };
  }
  const facts = await checkedStemFile(track, file, `Stem "${info.name}"`, folder);
  const fileKey = tracks.trackKeys.stemRevision(track.id, facts.format);
  const added = facts.duration - (stem.duration ?? 0);
  const quota = tracks.quotaGate(viewer.id, added, "stem");
  await storeThen(fileKey, facts, () =>
    tracks.changeWithinQuota(
      track.id,
      { updateStem: { id: stem.id, values: { ...info, ...fileFields(fileKey, facts) } } },
      added,
      quota.admit,
    ),
  );
  await invalidateConversions(track.id, stem.id);
  await tracks.releaseFiles([stem.fileKey, stem.mp3Key]);
  await tracks.enqueueProcessing(track.id);
  return { id: stem.id, ...withNotification(quota.warning()) };
}

/** The columns a new stem file sets; its MP3 and loudness come from the processing job. */
export const fileFields = (fileKey: string, facts: tracks.Inspected) => ({
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

export const withNotification = <T>(notification: T | undefined) => (notification ? { notification } : {});
