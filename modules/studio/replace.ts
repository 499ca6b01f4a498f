import { badRequest } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/http/multipart";
import type { Viewer } from "../auth/service";
import { invalidateConversions } from "../conversions/service";
import { withNotification } from "../notifications/service";
import * as tracks from "../tracks/service";
import * as uploads from "../uploads/service";
import { fullTrackCharge } from "./charges";
import { findStudioTrack, forkOnly, ORIGINAL_AUDIO_STAYS, storeThen } from "./common";
import { fitToTrack, trackLength } from "./fit";
import { changeWithinQuota } from "./repo";

/** SPEC §5/§8 wording, also shown by the client before it sends anything. */
export const REPLACE_FILE_INVALID = "Only WAV and FLAC files are supported for track audio replacement.";
/** SPEC §9: the stated 50MB, enforced here (a 413 past it). */
export const MAX_REPLACEMENT_BYTES = 50 * 1024 * 1024;

/**
 * PATCH /api/track/{id}/audio: the fork's full track becomes the new WAV/FLAC, checked like an
 * upload's original. With stems, it must fit their length (fit.ts). The quota moves by the new audio's
 * seconds less the old full track's charge (charges.ts). Nothing changes until the file has passed every check and the charge is admitted.
 */
export async function replaceAudio(id: string, viewer: Viewer, file: StagedFile | undefined, folder: string) {
  const track = await findStudioTrack(id, viewer);
  forkOnly(track, ORIGINAL_AUDIO_STAYS);
  if (!file || file.size === 0) throw badRequest("Audio file is required");
  const format = file.name.toLowerCase().match(/\.(wav|flac)$/)?.[1] as "wav" | "flac" | undefined;
  if (!format) throw badRequest(REPLACE_FILE_INVALID);
  let facts = await uploads.inspectStaged(file, format, "Audio file");
  const stems = await tracks.listStemsOf(track.id);
  if (stems.length > 0) {
    const length = await trackLength(track);
    if (length) facts = await fitToTrack(facts, length, "Audio file", folder);
  }
  const originalKey = tracks.trackKeys.revision(track.id, facts.format);
  // The new full track is the fork's own: it costs its seconds, less what the full track it replaces cost (nothing
  // while that one was shared).
  const added = facts.duration - fullTrackCharge(track, stems);
  const quota = uploads.quotaGate(viewer.id, added, "replacement");
  const audio = {
    originalKey,
    originalFormat: facts.format as "wav" | "flac",
    originalStreamable: facts.playsInBrowsers,
    originalSizeBytes: facts.size,
    duration: facts.duration,
    waveformData: facts.waveformData,
    mp3Key: null,
    mp3SizeBytes: 0,
    loudnessLufs: null,
    truePeakDb: null,
  };
  await storeThen(originalKey, facts, [track.originalKey, track.mp3Key], () =>
    changeWithinQuota(track, { track: audio }, added, quota.admit),
  );
  await invalidateConversions(track.id, "full");
  await uploads.enqueueProcessing(track.id);
  return { id: track.id, ...withNotification(await quota.warning()) };
}
