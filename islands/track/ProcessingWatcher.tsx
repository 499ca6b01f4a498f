import { useEffect } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { api, fresh, reply } from "../lib/api";
import { onceStreamOpens, onLiveEvent, pollWhileStreamDown, watchTrack } from "../lib/live-events";
import { watchProcessing } from "./live-track";
import { showTrack } from "./page-props";

/** SPEC §9: processing is polled every 3 s while the event stream is down. */
export const PROCESSING_POLL_MS = 3_000;

/** True while the audio, the cover art or any stem of the track is still being processed. */
export const stillProcessing = (track: Pick<TrackDetails, "originalUrl" | "coverArt" | "stems">): boolean =>
  isProcessingUrl(track.originalUrl) ||
  isProcessingUrl(track.coverArt) ||
  track.stems.some((stem) => stem.processingStatus === "PENDING");

/**
 * While the server-rendered page shows 'Processing audio...': once the track's processing has ended, reads it again
 * and shows it in place (live-track.ts: the waveforms, stems, duration, cover and downloads), then again as each stem
 * still encoding ends, until nothing is left to process. Never a reload: a comment being typed stays. The event stream says when
 * (signed-in pages); GET /api/track/{id} (fresh) is asked every 3 s while it is down, and once as it opens, for an
 * end that came before it did.
 */
export default function ProcessingWatcher({ trackId }: { trackId: string }) {
  useEffect(() => {
    let stopped = false;
    // The page changes once the track's own processing has ended (its event, or a read finding all done), and from
    // then on as each stem's ends: a stem finishing before its track's audio changes nothing shown yet.
    let trackEnded = false;
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
          const done = !stillProcessing(track);
          if (trackEnded || done) showTrack(track);
          if (done) stop();
        })
        .catch((error) => console.warn("Could not check processing", error));
    stops.push(
      watchProcessing(trackId),
      watchTrack(trackId),
      pollWhileStreamDown(PROCESSING_POLL_MS, check),
      onLiveEvent("processing", (event) => {
        if (event.trackId !== trackId) return;
        if (event.stemId === null) trackEnded = true;
        if (trackEnded) void check();
      }),
      onLiveEvent("reset", check),
      onceStreamOpens(check),
    );
    return stop;
  }, [trackId]);
  return null;
}
