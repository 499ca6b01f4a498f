import { type AudioFacts, AudioRejected, inspectAudio } from "../../src/server/audio/inspect";
import { badRequest, HttpError, payloadTooLarge } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import type { StagedFile } from "../../src/server/multipart";
import { fileStore } from "../../src/server/store";
import { formatFileSize } from "../../src/shared/file-size";
import { formatQuotaDuration } from "../../src/shared/quota-duration";
import { MAX_STEMS } from "../../src/shared/upload-rules";
import type { Viewer } from "../auth/service";
import { type NotificationInput, notifyUsers } from "../notifications/service";
import { quotaLimitSeconds } from "../storage/service";
import {
  extensionFormat,
  insertTrackWithinQuota,
  isStemFormat,
  parseUploadInput,
  removeTrack,
  type Track,
  trackKeys,
  type UploadData,
} from "../tracks/service";
import { MAX_COVER_BYTES, validateCoverArt } from "./cover-art";
import { enqueueProcessing } from "./processing";

/** The job that finishes an upload (src/server/jobs/handlers.ts binds it). */
export { processTrack } from "./processing";

/** An upload's parts, already streamed to staging by the route (the caller removes them afterwards). */
export interface UploadParts {
  data?: unknown;
  original?: StagedFile;
  coverArt?: StagedFile;
  stems?: StagedFile[];
}

/** Past this share of the quota the owner is warned (once, on the upload that crosses it). */
const QUOTA_WARNING_SHARE = 0.8;

/**
 * POST /api/track. Everything is checked before anything is kept: the form, the bytes (sniffed,
 * probed, fully decoded), stems against the original, the cover. Then the quota is charged in the
 * same transaction that inserts the rows, the files move into the store, and the processing job is
 * added durably, all before the upload is answered. The validating decode also made the waveforms,
 * so a WAV/FLAC track is playable from its original as soon as the reply arrives; the job only
 * encodes the MP3s and sizes the cover.
 */
export async function uploadTrack(
  owner: Viewer,
  files: UploadParts,
): Promise<{ track: Track; notification?: NotificationInput }> {
  const input = parseUploadInput(files.data);
  if (!files.original) throw badRequest("Audio file is required");
  // A file was chosen, but it holds nothing (browsers send the part with its name): say so.
  if (files.original.size === 0) throw badRequest("The audio file is empty");
  const stemFiles = files.stems ?? [];
  checkStemList(input, files.original, stemFiles);
  // Before any decode: the cover's size is known from staging.
  if ((files.coverArt?.size ?? 0) > MAX_COVER_BYTES) {
    throw payloadTooLarge(`Cover art must be at most ${formatFileSize(MAX_COVER_BYTES)}`);
  }

  const stemLabel = (index: number) => `Stem "${input.stemMetadata[index]?.name}"`;
  const originalFacts = inspectUpload(files.original, input.originalFormat, "Audio file");
  const stemFacts = stemFiles.map(async (file, index) => {
    const stem = await inspectUpload(file, null, stemLabel(index));
    const whole = await originalFacts;
    const mismatch = stemMismatch(stem, whole);
    if (mismatch) throw badRequest(`${stemLabel(index)} must have the same length and sample rate as the original (${mismatch})`);
    return stem;
  });
  const [original, ...stems] = (await inspectAll([originalFacts, ...stemFacts])) as [Inspected, ...Inspected[]];
  const cover = files.coverArt && files.coverArt.size > 0 ? await Bun.file(files.coverArt.path).bytes() : null;
  if (cover) await validateCoverArt(cover);
  return store(owner, input, original, stems, cover);
}

/** How a stem differs from its original, in words the uploader can act on; null when it matches. */
function stemMismatch(stem: AudioFacts, original: AudioFacts): string | null {
  if (stem.sampleRate !== original.sampleRate) {
    return `it is at ${stem.sampleRate} Hz, the original at ${original.sampleRate} Hz`;
  }
  if (stem.frames === original.frames) return null;
  const samples = Math.abs(stem.frames - original.frames);
  // DAW exports that differ only by a tail are told in samples; anything audible in seconds.
  const amount = samples < stem.sampleRate / 100 ? `${samples} samples` : `${(samples / stem.sampleRate).toFixed(2)} s`;
  return `it is ${amount} ${stem.frames < original.frames ? "shorter" : "longer"}`;
}

function checkStemList(input: UploadData, original: StagedFile, stems: StagedFile[]): void {
  if (stems.length === 0 && input.stemMetadata.length === 0) return;
  if (stems.length > MAX_STEMS) throw badRequest(`A track can have at most ${MAX_STEMS} stems`);
  const originalFormat = input.originalFormat ?? extensionFormat(original.name);
  if (!isStemFormat(originalFormat)) throw badRequest("Stems can only be added to WAV or FLAC tracks");
  if (stems.some((stem) => !isStemFormat(extensionFormat(stem.name)))) throw badRequest("Stem files must be .wav or .flac");
  if (stems.length !== input.stemMetadata.length) throw badRequest("Each stem file needs a name and type in stemMetadata");
}

/** A staged file's facts, with where it lies and its size (counted as it streamed in). */
type Inspected = AudioFacts & { path: string; size: number };

/**
 * The original and its stems decode side by side (the ffmpeg semaphore keeps it to one per core).
 * Everything settles before the staging folder goes; when several files are bad, the first in
 * upload order is the one reported, whichever finished first.
 */
async function inspectAll(inspections: Promise<Inspected>[]): Promise<Inspected[]> {
  const results = await Promise.allSettled(inspections);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<Inspected>).value);
}

/** Inspects one staged upload; its name only picks the expected format. */
async function inspectUpload(file: StagedFile, declared: UploadData["originalFormat"], label: string): Promise<Inspected> {
  const byName = extensionFormat(file.name);
  if (!byName) throw badRequest(`${label} must be a WAV, FLAC, XM, IT, S3M or MOD file`);
  if (declared && declared !== byName) throw badRequest(`${label} is named .${byName} but originalFormat says ${declared}`);
  try {
    return { ...(await inspectAudio(file.path, byName, label)), path: file.path, size: file.size };
  } catch (error) {
    if (error instanceof AudioRejected) throw badRequest(error.message);
    throw error;
  }
}

async function store(owner: Viewer, input: UploadData, original: Inspected, stems: Inspected[], cover: Uint8Array | null) {
  const trackId = crypto.randomUUID();
  const stemRows = stems.map((facts, index) => {
    const id = crypto.randomUUID();
    const meta = input.stemMetadata[index] as UploadData["stemMetadata"][number];
    return {
      id,
      trackId,
      name: meta.name,
      type: meta.type,
      index,
      originalFormat: facts.format,
      fileKey: trackKeys.stemFile(trackId, id, facts.format),
      sizeBytes: facts.size,
      duration: facts.duration,
      waveformData: facts.waveformData,
    };
  });
  const cost = original.duration + stems.reduce((sum, stem) => sum + stem.duration, 0);
  const limit = quotaLimitSeconds(owner.id);
  let usedBefore = 0;
  const track = insertTrackWithinQuota(
    {
      id: trackId,
      userId: owner.id,
      title: input.title,
      description: input.description,
      primaryArtistName: input.primaryArtistName,
      duration: original.duration,
      originalFormat: original.format,
      originalKey: trackKeys.original(trackId, original.format),
      originalStreamable: original.playsInBrowsers,
      originalSizeBytes: original.size,
      coverArtPending: cover !== null,
      moduleTitle: original.moduleTitle,
      moduleMessage: original.moduleMessage,
      bpm: input.bpm,
      key: input.key,
      isExplicit: input.isExplicit,
      isPublic: input.isPublic,
      releaseDate: input.releaseDate,
      releaseDatePrecision: input.releaseDatePrecision,
      genreNames: input.genreNames,
      licenseId: input.licenseId,
      totalQuotaSeconds: cost,
    },
    original.waveformData,
    stemRows,
    (used) => {
      usedBefore = used;
      if (used + cost > limit) {
        throw new HttpError(
          413,
          // Needed rounds up and left rounds down, so the message never reads as if it would fit.
          `This upload needs ${formatQuotaDuration(cost, "up")} of storage but only ${formatQuotaDuration(limit - used, "down")} of your ${formatQuotaDuration(limit)} quota is left`,
        );
      }
    },
  );
  try {
    await fileStore.putFile(track.originalKey, original.path);
    for (const [index, row] of stemRows.entries()) await fileStore.putFile(row.fileKey, (stems[index] as Inspected).path);
    if (cover) await fileStore.put(trackKeys.coverSource(trackId), cover);
    await enqueueProcessing(trackId);
  } catch (error) {
    // Nothing half-kept: the rows (and so the quota charge) go with the files.
    log.error("upload could not be stored", { trackId, error: String(error) });
    removeTrack(trackId);
    await fileStore.deletePrefix(trackKeys.folder(trackId));
    throw error;
  }
  return { track, notification: quotaWarning(owner.id, usedBefore, usedBefore + cost, limit) };
}

function quotaWarning(userId: string, before: number, after: number, limit: number): NotificationInput | undefined {
  const threshold = limit * QUOTA_WARNING_SHARE;
  if (limit <= 0 || before >= threshold || after < threshold) return undefined;
  const notification: NotificationInput = {
    title: "Storage almost full",
    message: `You have used ${Math.min(100, Math.round((after / limit) * 100))}% of your storage quota (${formatQuotaDuration(after)} of ${formatQuotaDuration(limit)}).`,
    type: "storage-quota-warning",
  };
  notifyUsers([userId], notification);
  return notification;
}
