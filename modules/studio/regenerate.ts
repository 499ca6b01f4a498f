import { rm } from "node:fs/promises";
import { inspectAudio } from "../../src/server/audio/inspect";
import { isDatabaseBusy } from "../../src/server/errors";
import { stagingFolder } from "../../src/server/infra/staging";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import type { Viewer } from "../auth/service";
import { invalidateConversions } from "../conversions/service";
import { publishEvents } from "../events/service";
import { withFilesInFlight } from "../track-files/service";
import * as tracks from "../tracks/service";
import * as uploads from "../uploads/service";
import { stemCharge } from "./charges";
import { findStudioTrack } from "./common";
import { renderMix } from "./render-mix";
import { removeStemRow } from "./repo";

/**
 * DELETE /api/track/{id}/stem/{stemId}: the stem, its charge (none for a stem the fork shares) and its files (unless
 * another track shares them) go at once. A fork is PENDING until `track.regenerate` has made its new mix, and its
 * last stem stays (a mix of nothing would be silence); an original's full track is the master as uploaded, so it
 * stays as it is and may lose every stem.
 */
export async function removeStem(id: string, stemId: string, viewer: Viewer) {
  const track = await findStudioTrack(id, viewer);
  const stem = await tracks.requireStemOf(track.id, stemId);
  await withFilesInFlight(null, [stem.fileKey, stem.mp3Key], () =>
    removeStemRow(track, stem, stemCharge(track, stem), track.isFork),
  );
  await invalidateConversions(track.id, stem.id);
  if (track.isFork) await uploads.enqueueRegeneration(track.id);
  return { id: stem.id };
}

/**
 * Job `track.regenerate`: the full track becomes the sum of the stems, each at its mix settings (unity gain
 * and centred unless the fork was made "with this mix"), as the synced player plays them, checked by the upload's validating decode (which also makes its
 * waveform and length), stored under a fresh key, then the processing job makes its MP3 and
 * loudness. The old mix stays the track's audio until the new one is stored; a failure marks the
 * track FAILED with the old audio still in place. The charge stays as it was (charges.ts): the mix is made again
 * from stems already paid for, so removing a stem never costs quota.
 */
export async function regenerateMix(trackId: string, signal: AbortSignal): Promise<void> {
  const track = await tracks.findTrack(trackId);
  if (track?.status !== "ACTIVE" || track.processingStatus !== "PENDING") return;
  const folder = stagingFolder();
  try {
    const stems = await tracks.listStemsOf(trackId);
    const kept = (stem: tracks.Stem) => ({ gainDb: stem.mixGainDb, pan: stem.mixPan, muted: stem.mixMuted });
    const mixPath = await renderMix(stems, kept, folder, "flac", signal);
    const facts = await inspectAudio(mixPath, "flac", "The regenerated mix");
    const originalKey = tracks.trackKeys.revision(trackId, "flac");
    await withFilesInFlight(originalKey, [track.originalKey, track.mp3Key], async () => {
      const stored = await fileStore().putFile(originalKey, mixPath);
      await tracks.setTrackAudio(trackId, {
        originalKey,
        originalFormat: "flac",
        originalStreamable: true,
        originalSizeBytes: stored.size,
        duration: facts.duration,
        waveformData: facts.waveformData,
        mp3Key: null,
        mp3SizeBytes: 0,
        loudnessLufs: null,
        truePeakDb: null,
        mixStale: false,
      });
    });
    await invalidateConversions(trackId, "full");
    await uploads.enqueueProcessing(trackId);
    await publishEvents([{ kind: "regeneration", trackId, data: { trackId, status: "READY" } }]);
    log.info("mix regenerated", { trackId, stems: stems.length });
  } catch (error) {
    // Stopped, or held by a database another process locked: PENDING still, for the queue to run it again.
    if (signal.aborted || isDatabaseBusy(error)) throw error;
    log.warn("mix regeneration failed", { trackId, error: error instanceof Error ? error.message : String(error) });
    await tracks.setTrackAudio(trackId, { processingStatus: "FAILED", processingError: "The mix could not be regenerated." });
    await publishEvents([{ kind: "regeneration", trackId, data: { trackId, status: "FAILED" } }]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
