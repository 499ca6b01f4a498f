import { useEffect } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { api, fresh, reply } from "../lib/api";
import { onceStreamOpens, onLiveEvent, pollWhileStreamDown, watchTrack } from "../lib/live-events";

/** SPEC §9: processing is polled every 3 s while the event stream is down. */
export const PROCESSING_POLL_MS = 3_000;

/** True while the audio, the cover art or any stem of the track is still being processed. */
export const stillProcessing = (track: Pick<TrackDetails, "originalUrl" | "coverArt" | "stems">): boolean =>
  isProcessingUrl(track.originalUrl) ||
  isProcessingUrl(track.coverArt) ||
  track.stems.some((stem) => stem.processingStatus === "PENDING");

/**
 * While the server-rendered page shows 'Processing audio...': reloads the page once processing has ended, so the
 * waveform appears. The event stream says when (signed-in pages); GET /api/track/{id} (fresh) is asked every 3 s
 * while it is down, and once as it opens, for an end that came before it did.
 */
export default function ProcessingWatcher({ trackId }: { trackId: string }) {
  useEffect(() => {
    let reloading = false;
    const reload = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    const check = () =>
      reply(api.track({ id: trackId }).get(fresh()))
        .then((track) => !stillProcessing(track) && reload())
        .catch((error) => console.warn("Could not check processing", error));
    const stops = [
      watchTrack(trackId),
      pollWhileStreamDown(PROCESSING_POLL_MS, check),
      onLiveEvent("processing", (event) => event.trackId === trackId && event.stemId === null && reload()),
      onLiveEvent("reset", check),
      onceStreamOpens(check),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [trackId]);
  return null;
}
