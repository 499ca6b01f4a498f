import type { ConversionFormat } from "../../src/shared/conversion-status";
import { api, fresh, reply } from "../lib/api";
import { nextEventOrPoll, watchTrack } from "../lib/live-events";

/** SPEC §9: conversions are polled every 5 s while the event stream is down. */
export const CONVERSION_POLL_MS = 5_000;

export interface ConversionTarget {
  trackId: string;
  stemId?: string;
}

/** Where the finished file downloads from (SPEC §7 media paths). */
export function downloadPath(target: ConversionTarget, format: "mp3" | ConversionFormat): string {
  return target.stemId
    ? `/api/track/${target.trackId}/stem/${target.stemId}.${format}`
    : `/api/track/${target.trackId}/full.${format}`;
}

/** Starts a WAV/FLAC conversion; 'in_progress' replies mean one is already running (SPEC §4). */
export function startConversion(target: ConversionTarget, format: ConversionFormat): Promise<unknown> {
  return reply(
    api.track({ id: target.trackId })["convert-audio"].post({
      type: target.stemId ? "stem" : "full",
      ...(target.stemId ? { stemId: target.stemId } : {}),
      format,
    }),
  );
}

/**
 * Waits for the conversion to be COMPLETED, resolving to how long the server keeps the file (seconds), or FAILED
 * (null): its status is asked again when the event stream says it ended, or every 5 s while the stream is down.
 */
export async function waitForConversion(
  target: ConversionTarget,
  format: ConversionFormat,
  signal: AbortSignal,
): Promise<number | null> {
  const track = api.track({ id: target.trackId });
  const converted = target.stemId ? track.stem({ stemId: target.stemId }) : track;
  const subject = target.stemId ?? "full";
  const stopWatching = watchTrack(target.trackId);
  try {
    while (!signal.aborted) {
      const { data } = await reply(converted["audio-conversion-status"].get({ ...fresh(true, signal), query: { format } }));
      if (data?.conversionStatus === "COMPLETED") return data.availableForSeconds ?? 0;
      if (data?.conversionStatus === "FAILED") return null;
      await nextEventOrPoll(
        { conversion: (event) => event.trackId === target.trackId && event.target === subject && event.format === format },
        CONVERSION_POLL_MS,
        signal,
      );
    }
  } finally {
    stopWatching();
  }
  return null;
}
