import { useEffect } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { api, fresh, reply } from "../lib/api";

/** SPEC §9: processing is polled every 3 s. */
export const PROCESSING_POLL_MS = 3_000;

/** True while the audio, the cover art or any stem of the track is still being processed. */
export const stillProcessing = (track: Pick<TrackDetails, "originalUrl" | "coverArt" | "stems">): boolean =>
  isProcessingUrl(track.originalUrl) ||
  isProcessingUrl(track.coverArt) ||
  track.stems.some((stem) => stem.processingStatus === "PENDING");

/**
 * Polls GET /api/track/{id} (fresh, bypassing caches) every 3 s while the server-rendered page shows
 * 'Processing audio...', and reloads the page once processing has ended so the waveform appears.
 */
export default function ProcessingWatcher({ trackId }: { trackId: string }) {
  useEffect(() => {
    const timer = setInterval(() => {
      reply(api.track({ id: trackId }).get(fresh()))
        .then((track) => {
          if (!stillProcessing(track)) {
            clearInterval(timer);
            window.location.reload();
          }
        })
        .catch((error) => console.warn("Could not check processing", error));
    }, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [trackId]);
  return null;
}
