import { type AudioFacts, AudioRejected, inspectAudio } from "../../src/server/audio/inspect";
import type { UploadFormat } from "../../src/server/audio/sniff";
import { badRequest, payloadTooLarge } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/http/multipart";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { formatFileSize } from "../../src/shared/file-size";
import { MAX_STEMS, ORIGINAL_FILE_INVALID, type OriginalFormat, originalFileError } from "../../src/shared/upload-rules";
import type { Viewer } from "../auth/service";
import { enqueueNewTrackNotice } from "../follows/service";
import type { NotificationInput } from "../notifications/service";
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
import { quotaGate } from "./quota";

export { measurePendingLoudness } from "./loudness-backfill";
/** The job that finishes an upload (src/server/jobs/handlers.ts binds it). */
export { enqueueProcessing, enqueueRegeneration, processTrack } from "./processing";
/** The quota check and warning every charge shares (uploads, forks, the fork studio). */
export { quotaGate } from "./quota";

/** An upload's parts, already streamed to staging by the route (the caller removes them afterwards). */
export interface UploadParts {
  data?: unknown;
  original?: StagedFile;
  coverArt?: StagedFile;
  stems?: StagedFile[];
}

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
  const input = await parseUploadInput(files.data);
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
  const originalFacts = inspectUpload(files.original, input.originalFormat, ORIGINAL_LABEL);
  const stemFacts = stemFiles.map(async (file, index) => {
    const stem = await inspectUpload(file, null, stemLabel(index));
    const whole = await originalFacts;
    const mismatch = stemMismatch(stem, whole);
    if (mismatch) throw badRequest(`${stemLabel(index)} must have the same length and sample rate as the original (${mismatch})`);
    return stem;
  });
  const [original, ...stems] = (await inspectAll([originalFacts, ...stemFacts])) as [Inspected, ...Inspected[]];
  const coverPath = files.coverArt && files.coverArt.size > 0 ? files.coverArt.path : null;
  if (coverPath) await validateCoverArt(coverPath);
  const cover = coverPath ? await Bun.file(coverPath).bytes() : null;
  return store(owner, input, original, stems, cover);
}

type FrameCount = Pick<AudioFacts, "sampleRate" | "frames">;

/** How a stem differs from its original, in words the uploader can act on; null when it matches. */
export function stemMismatch(stem: FrameCount, original: FrameCount): string | null {
  const problems: string[] = [];
  if (stem.sampleRate !== original.sampleRate)
    problems.push(`at ${stem.sampleRate} Hz, the original at ${original.sampleRate} Hz`);
  const length = lengthDifference(stem, original);
  if (length) problems.push(length);
  return problems.length ? `it is ${problems.join(", and ")}` : null;
}

/** How much shorter or longer the stem is; null when it is as long (to the sample, or to 10 ms across sample rates). */
function lengthDifference(stem: FrameCount, original: FrameCount): string | null {
  const seconds = stem.frames / stem.sampleRate - original.frames / original.sampleRate;
  if (stem.sampleRate === original.sampleRate ? stem.frames === original.frames : Math.abs(seconds) < 0.01) return null;
  const samples = Math.abs(stem.frames - original.frames);
  // DAW exports that differ only by a tail are told in samples; anything audible in seconds.
  const amount =
    stem.sampleRate === original.sampleRate && samples < stem.sampleRate / 100
      ? `${samples} samples`
      : `${Math.abs(seconds).toFixed(2)} s`;
  return `${amount} ${seconds < 0 ? "shorter" : "longer"}`;
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
export type Inspected = AudioFacts & { path: string; size: number };

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

const ORIGINAL_LABEL = "Audio file";

/** Inspects one staged upload; its name only picks the expected format. */
async function inspectUpload(file: StagedFile, declared: UploadData["originalFormat"], label: string): Promise<Inspected> {
  const byName = extensionFormat(file.name);
  // The original's message names a common lossy format and what to use instead (shared with the form).
  const refusal = label === ORIGINAL_LABEL ? originalFileError(file.name) : `${label} must be a WAV or FLAC file`;
  if (!byName) throw badRequest(refusal ?? ORIGINAL_FILE_INVALID);
  if (declared && declared !== byName)
    throw badRequest(`${label} is named .${byName} but its format was given as ${declared.toUpperCase()}`);
  return inspectStaged(file, byName, label);
}

/** The upload's checks of one staged file (sniffed, header read, fully decoded) as `format`; refusals are 400s. */
export async function inspectStaged(file: StagedFile, format: UploadFormat, label: string): Promise<Inspected> {
  try {
    return { ...(await inspectAudio(file.path, format, label)), path: file.path, size: file.size };
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
  const quota = quotaGate(owner.id, cost, "upload");
  const track = await insertTrackWithinQuota(
    {
      id: trackId,
      userId: owner.id,
      title: input.title,
      description: input.description,
      primaryArtistName: input.primaryArtistName,
      duration: original.duration,
      // Inspected as its name's format, and upload names only take ORIGINAL_FORMATS.
      originalFormat: original.format as OriginalFormat,
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
    quota.admit,
  );
  try {
    await fileStore().putFile(track.originalKey, original.path);
    for (const [index, row] of stemRows.entries()) await fileStore().putFile(row.fileKey, (stems[index] as Inspected).path);
    if (cover) await fileStore().put(trackKeys.coverSource(trackId), cover);
    await enqueueProcessing(trackId);
    if (input.isPublic) await enqueueNewTrackNotice(trackId);
  } catch (error) {
    // Nothing half-kept: the rows (and so the quota charge) go with the files.
    log.error("upload could not be stored", { trackId, error: String(error) });
    await removeTrack(trackId);
    await fileStore().deletePrefix(trackKeys.folder(trackId));
    throw error;
  }
  return { track, notification: await quota.warning() };
}
