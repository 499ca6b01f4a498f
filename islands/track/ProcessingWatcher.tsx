import { useEffect } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { api, fresh, reply } from "../lib/api";
import { onceStreamOpens, onLiveEvent, pollWhileStreamDown, watchTrack } from "../lib/live-events";
import { showTrack } from "./page-props";

/** SPEC §9: processing is polled every 3 s while the event stream is down. */
export const PROCESSING_POLL_MS = 3_000;

/** True while the audio, the cover art or any stem of the track is still being processed. */
export const stillProcessing = (track: Pick<TrackDetails, "originalUrl" | "coverArt" | "stems">): boolean =>
  isProcessingUrl(track.originalUrl) ||
  isProcessingUrl(track.coverArt) ||
  track.stems.some((stem) => stem.processingStatus === "PENDING");

/**
 * While the server-rendered page shows 'Processing audio...': reads the track again whenever part of its processing
 * ends and shows it in place (live-track.ts: the waveforms, stems, duration, cover and downloads appear as each is
 * ready), until nothing is left to process. Never a reload: a comment being typed stays. The event stream says when
 * (signed-in pages); GET /api/track/{id} (fresh) is asked every 3 s while it is down, and once as it opens, for an
 * end that came before it did.
 */
export default function ProcessingWatcher({ trackId }: { trackId: string }) {
  useEffect(() => {
    let stopped = false;
    const stops: (() => void)[] = [];
    const stop = () => {
      if (stopped) return;
      stopped = true;
      for (const each of stops) each();
    };
    const check = () =>
      reply(api.track({ id: trackId }).get(fresh()))
        .then((track) => {
          if (stopped) return;
          showTrack(track);
          if (!stillProcessing(track)) stop();
        })
        .catch((error) => console.warn("Could not check processing", error));
    stops.push(
      watchTrack(trackId),
      pollWhileStreamDown(PROCESSING_POLL_MS, check),
      onLiveEvent("processing", (event) => event.trackId === trackId && check()),
      onLiveEvent("reset", check),
      onceStreamOpens(check),
    );
    return stop;
  }, [trackId]);
  return null;
}
