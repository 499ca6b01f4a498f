import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { renderMp3AndLoudness } from "../../src/server/audio/render";
import type { UploadFormat } from "../../src/server/audio/sniff";
import { isDatabaseBusy } from "../../src/server/errors";
import { enqueue } from "../../src/server/infra/queue";
import { stagingFolder } from "../../src/server/infra/staging";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { publishEvents } from "../events/service";
import {
  type CoverSize,
  findTrack,
  listStemsOf,
  pendingTrackIds,
  type Stem,
  type Track,
  trackKeys,
  updateStem,
  updateTrack,
} from "../tracks/service";
import { renderCoverSizes } from "./cover-art";

/** Tells the pages showing the track that its processing (or a stem's) ended, either way. */
const processingEnded = (trackId: string, stemId: string | null, status: "READY" | "FAILED") =>
  publishEvents([{ kind: "processing", trackId, data: { trackId, stemId, status } }]);

/** A reason the owner sees on a failed track (processingError). */
class ProcessingFailed extends Error {}

/** Adds the processing job durably; the id makes a second add (boot recovery) a no-op while one is queued. */
export async function enqueueProcessing(trackId: string): Promise<void> {
  await enqueue("track.process", { trackId }, `track-process-${trackId}`);
}

/** Adds the job that remakes a fork's mix from its stems (modules/studio/regenerate.ts runs it). */
export async function enqueueRegeneration(trackId: string): Promise<void> {
  await enqueue("track.regenerate", { trackId }, `track-regenerate-${trackId}`);
}

/** Boot: every track still PENDING gets its job back, in case the crash lost it. */
export async function resumePendingProcessing(): Promise<void> {
  const ids = await pendingTrackIds();
  for (const id of ids) await enqueueProcessing(id);
  if (ids.length) log.info("re-queued tracks still processing", { count: ids.length });
}

/**
 * The `track.process` job: the MP3 + loudness of the original and of every stem, and the cover
 * sizes, all side by side (the ffmpeg semaphore keeps it to one process per core). Waveforms and
 * lengths were already made by the validating decode at upload, so nothing here decodes twice or
 * probes again. Idempotent: every output is written under a temporary name and renamed into place,
 * and rows are only updated with finished files, so running it again after a crash simply redoes
 * the work that is missing.
 */
export async function processTrack(trackId: string, signal: AbortSignal): Promise<void> {
  const track = await findTrack(trackId);
  if (track?.processingStatus !== "PENDING") return;
  // The old mix must not become READY: the regeneration makes the new one, then queues this job again.
  if (track.mixStale) return enqueueRegeneration(trackId);
  const folder = stagingFolder();
  try {
    if (!(await fileStore().stat(track.originalKey))) {
      throw new ProcessingFailed("The upload was interrupted before its audio was saved. Please upload it again.");
    }
    const stems = (await listStemsOf(trackId)).map((stem) => processStem(stem, folder, signal));
    const results = await Promise.allSettled([
      processOriginal(track, folder, signal),
      processCover(track, folder, signal),
      ...stems,
    ]);
    // Everything has settled before the folder goes; the first failure in order is the one reported.
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    await updateTrack(trackId, { processingStatus: "READY", processingError: null });
    await processingEnded(trackId, null, "READY");
    log.info("track processed", { trackId, stems: stems.length });
  } catch (error) {
    // A shutdown aborts the job, and a database locked by another process holds its writes: either way the work
    // was not at fault, so it stays PENDING for the queue to run again (after restart, or once the lock goes).
    if (signal.aborted || isDatabaseBusy(error)) throw error;
    const reason = error instanceof ProcessingFailed ? error.message : "The audio could not be processed.";
    log.warn("track processing failed", { trackId, error: error instanceof Error ? error.message : String(error) });
    // Stems not reached (the original was found missing first) fail with the track, rather than wait for ever; before
    // it, so whoever sees the track FAILED (a page, a poll) never finds one of its stems still PENDING.
    for (const stem of await listStemsOf(trackId)) {
      if (stem.processingStatus === "PENDING") await updateStem(stem.id, { processingStatus: "FAILED", processingError: reason });
    }
    await updateTrack(trackId, { processingStatus: "FAILED", processingError: reason, coverArtPending: false });
    await processingEnded(trackId, null, "FAILED");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The streaming MP3, its loudness and true peak from one ffmpeg run, stored under `mp3Key`. */
async function encodeMp3(path: string, format: UploadFormat, mp3Key: string, folder: string, signal: AbortSignal) {
  const mp3Path = join(folder, `${crypto.randomUUID()}.mp3`);
  const loudness = await renderMp3AndLoudness(path, format, mp3Path, signal);
  const stored = await fileStore().putFile(mp3Key, mp3Path);
  return { mp3Key, ...loudness, mp3SizeBytes: stored.size };
}

async function processOriginal(track: Track, folder: string, signal: AbortSignal): Promise<void> {
  // A fork's stem change leaves its audio as it was: that MP3 exists (and may be a file others share).
  if (track.mp3Key === trackKeys.streamMp3(track.originalKey)) return;
  const path = await fileStore().localPath(track.originalKey, folder);
  await updateTrack(
    track.id,
    await encodeMp3(path, track.originalFormat, trackKeys.streamMp3(track.originalKey), folder, signal),
  );
}

async function processStem(stem: Stem, folder: string, signal: AbortSignal): Promise<void> {
  if (stem.processingStatus === "READY") return;
  const path = await fileStore().localPath(stem.fileKey, folder);
  const mp3Key = trackKeys.streamMp3(stem.fileKey);
  try {
    const encoded = await encodeMp3(path, stem.originalFormat as UploadFormat, mp3Key, folder, signal);
    // Measured now: the backfill leaves it be. A track's own mark stays, as it covers its other stems too.
    await updateStem(stem.id, { ...encoded, loudnessPending: false, processingStatus: "READY", processingError: null });
    await processingEnded(stem.trackId, stem.id, "READY");
  } catch (error) {
    if (signal.aborted || isDatabaseBusy(error)) throw error;
    await updateStem(stem.id, { processingStatus: "FAILED", processingError: "The stem could not be processed." });
    await processingEnded(stem.trackId, stem.id, "FAILED");
    throw new ProcessingFailed(`Stem "${stem.name}" could not be processed.`);
  }
}
/** WebP sizes from the kept source, made in the job's scratch folder; the source is dropped once they exist. */
async function processCover(track: Track, folder: string, signal: AbortSignal): Promise<void> {
  const sourceKey = trackKeys.coverSource(track.id);
  if (!(await fileStore().stat(sourceKey))) {
    if (track.coverArtPending && !track.coverArtKey) await updateTrack(track.id, { coverArtPending: false });
    return;
  }
  const coverFolder = await mkdtemp(join(folder, "cover-"));
  const sizes = await renderCoverSizes(await fileStore().localPath(sourceKey, coverFolder), coverFolder, signal).catch(
    (error) => {
      if (signal.aborted) throw error;
      throw new ProcessingFailed("The cover art could not be converted.");
    },
  );
  let coverArtSizeBytes = 0;
  for (const [size, path] of Object.entries(sizes)) {
    coverArtSizeBytes += (await fileStore().putFile(trackKeys.cover(track.id, size as CoverSize), path)).size;
  }
  await updateTrack(track.id, { coverArtKey: trackKeys.cover(track.id, "page"), coverArtSizeBytes, coverArtPending: false });
  await fileStore().delete(sourceKey);
}
