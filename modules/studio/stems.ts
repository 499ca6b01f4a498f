import { badRequest } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/http/multipart";
import { MAX_STEMS, STEMS_NEED_WAV_OR_FLAC, TOO_MANY_STEMS, takesStems } from "../../src/shared/upload-rules";
import type { Viewer } from "../auth/service";
import { invalidateConversions } from "../conversions/service";
import { withNotification } from "../notifications/service";
import type { Track } from "../tracks/service";
import * as tracks from "../tracks/service";
import * as uploads from "../uploads/service";
import { stemCharge } from "./charges";
import { fileFields, findStudioTrack, storeThen } from "./common";
import { fitToTrack, trackLength } from "./fit";
import { changeWithinQuota } from "./repo";
import { type StemInfo, stemFileFormat, stemInfo } from "./stem-input";

/** The changed track's stem file, checked like an upload's stems and fitted to the track's length. */
async function checkedStemFile(track: Track, file: StagedFile | undefined, label: string, folder: string) {
  if (!file || file.size === 0) throw badRequest("Please select an audio file for the stem.");
  if (!takesStems(track.originalFormat)) throw badRequest(STEMS_NEED_WAV_OR_FLAC);
  const length = await trackLength(track);
  if (!length) throw badRequest(STEMS_NEED_WAV_OR_FLAC);
  return fitToTrack(await uploads.inspectStaged(file, stemFileFormat(file.name), label), length, label, folder);
}

/** POST /api/track/{id}/stem: a new stem, charged its seconds (charges.ts); its MP3 is made by the processing job. */
export async function addStem(id: string, viewer: Viewer, data: unknown, file: StagedFile | undefined, folder: string) {
  const track = await findStudioTrack(id, viewer);
  const info = stemInfo(data, null);
  // Early, to spare checking the file; changeWithinQuota decides under the track's lock (requests race).
  if ((await tracks.listStemsOf(track.id)).length >= MAX_STEMS) throw badRequest(TOO_MANY_STEMS);
  const facts = await checkedStemFile(track, file, `Stem "${info.name}"`, folder);
  const stemId = crypto.randomUUID();
  const fileKey = tracks.trackKeys.stemRevision(track.id, facts.format);
  const quota = uploads.quotaGate(viewer.id, facts.duration, "stem");
  await storeThen(fileKey, facts, [], () =>
    changeWithinQuota(
      track,
      {
        addStem: { id: stemId, trackId: track.id, ...info, ...fileFields(fileKey, facts) },
      },
      facts.duration,
      quota.admit,
    ),
  );
  await uploads.enqueueProcessing(track.id);
  return { id: stemId, ...withNotification(await quota.warning()) };
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
  const track = await findStudioTrack(id, viewer);
  const stem = await tracks.requireStemOf(track.id, stemId);
  const info: StemInfo = stemInfo(data, stem);
  if (!file) {
    await tracks.updateStem(stem.id, info);
    return { id: stem.id };
  }
  const facts = await checkedStemFile(track, file, `Stem "${info.name}"`, folder);
  const fileKey = tracks.trackKeys.stemRevision(track.id, facts.format);
  // The new audio is the track's own; the old is refunded only if it was (a stem shared with the original cost nothing).
  const added = facts.duration - stemCharge(track, stem);
  const quota = uploads.quotaGate(viewer.id, added, "stem");
  await storeThen(fileKey, facts, [stem.fileKey, stem.mp3Key], () =>
    changeWithinQuota(
      track,
      { updateStem: { id: stem.id, values: { ...info, ...fileFields(fileKey, facts) } } },
      added,
      quota.admit,
    ),
  );
  await invalidateConversions(track.id, stem.id);
  await uploads.enqueueProcessing(track.id);
  return { id: stem.id, ...withNotification(await quota.warning()) };
}
