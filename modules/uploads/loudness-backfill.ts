import { rm } from "node:fs/promises";
import { measureLoudness } from "../../src/server/audio/render";
import type { UploadFormat } from "../../src/server/audio/sniff";
import { isDatabaseBusy } from "../../src/server/errors";
import { enqueue } from "../../src/server/infra/queue";
import { stagingFolder } from "../../src/server/infra/staging";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { listStemsOf, nextLoudnessPending, recordLoudness, recordStemLoudness, type Track, updateTrack } from "../tracks/service";

/**
 * How long one run measures before it queues the next and lets the queue go on: a new upload's processing, queued
 * meanwhile, waits for at most one run rather than for the whole catalogue.
 */
const RUN_BUDGET_MS = 30_000;

/** Queues a run under a new id (the queue refuses a second job with the id of one still queued). */
const enqueueRun = (id: string) => enqueue("tracks.measure-loudness", {}, `tracks.measure-loudness:${id}`);

/**
 * Boot: audio processed before true peaks were measured (the migration marked it `loudnessPending`) is measured
 * again in the background. Processes booting in the same minute share one run's id, so a cluster queues it once.
 */
export async function resumeLoudnessBackfill(): Promise<void> {
  if (!(await nextLoudnessPending())) return;
  await enqueueRun(`boot-${Math.floor(Date.now() / 60_000)}`);
  log.info("queued the loudness measurement of audio processed before true peaks were measured");
}

/**
 * The `tracks.measure-loudness` job: measures marked tracks, oldest first, for up to RUN_BUDGET_MS, then queues the
 * next run if any are left. Idempotent: a track's mark goes only once its audio and stems are measured (or found
 * unreadable, which leaves the loudness it had); a crash measures that track again.
 */
export async function measurePendingLoudness(signal: AbortSignal): Promise<void> {
  const started = Date.now();
  let measured = 0;
  for (let track = await nextLoudnessPending(); track; track = await nextLoudnessPending()) {
    await measureTrack(track, signal);
    measured++;
    if (Date.now() - started > RUN_BUDGET_MS) {
      log.info("measured the loudness of tracks processed before true peaks were", { measured, more: true });
      return void (await enqueueRun(String(Date.now())));
    }
  }
  if (measured) log.info("measured the loudness of tracks processed before true peaks were", { measured, more: false });
}

async function measureTrack(track: Track, signal: AbortSignal): Promise<void> {
  const folder = stagingFolder();
  try {
    // A track being processed (or rendered again) is measured by that processing.
    if (track.processingStatus === "READY") {
      const loudness = await loudnessOfStored(track.originalKey, track.originalFormat, folder, signal, track.id);
      if (loudness) await recordLoudness(track.id, track.originalKey, loudness);
    }
    for (const stem of await listStemsOf(track.id)) {
      if (!stem.loudnessPending || stem.processingStatus !== "READY") continue;
      const loudness = await loudnessOfStored(stem.fileKey, stem.originalFormat as UploadFormat, folder, signal, track.id);
      await recordStemLoudness(stem.id, stem.fileKey, loudness ?? { loudnessLufs: stem.loudnessLufs, truePeakDb: null });
    }
    await updateTrack(track.id, { loudnessPending: false });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The file's loudness, or null (logged) when it cannot be read or decoded: a shutdown is thrown, to run again. */
async function loudnessOfStored(key: string, format: UploadFormat, folder: string, signal: AbortSignal, trackId: string) {
  try {
    return await measureLoudness(await fileStore().localPath(key, folder), format, signal);
  } catch (error) {
    if (signal.aborted || isDatabaseBusy(error)) throw error;
    log.warn("could not measure the loudness of a stored file", { trackId, error: String(error) });
    return null;
  }
}
