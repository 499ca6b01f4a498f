import type { StatusReply } from "../../modules/conversions/model";
import type { ConversionFormat } from "../../src/shared/conversion-status";
import { api } from "../lib/api";

/** SPEC §9: conversions are polled every 5 s. */
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
  return api.post(`/track/${target.trackId}/convert-audio`, {
    type: target.stemId ? "stem" : "full",
    ...(target.stemId ? { stemId: target.stemId } : {}),
    format,
  });
}

/**
 * Polls the conversion every 5 s until it is COMPLETED, resolving to how long the server keeps the file (seconds),
 * or FAILED (null).
 */
export async function waitForConversion(
  target: ConversionTarget,
  format: ConversionFormat,
  signal: AbortSignal,
): Promise<number | null> {
  const path = target.stemId
    ? `/track/${target.trackId}/stem/${target.stemId}/audio-conversion-status`
    : `/track/${target.trackId}/audio-conversion-status`;
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, CONVERSION_POLL_MS));
    const reply = await api.get<StatusReply>(path, { query: { format }, fresh: true, signal });
    const status = reply.data?.conversionStatus;
    if (status === "COMPLETED") return reply.data?.availableForSeconds ?? 0;
    if (status === "FAILED") return null;
  }
  return null;
}
