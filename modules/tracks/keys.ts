import type { UploadFormat } from "../../src/server/audio/sniff";
import { assertKey } from "../../src/server/store/file-store";
import type { Track } from "./schema";

/** The cover sizes processing stores (widths in modules/uploads/cover-art.ts): cards, the track page, the page at 2×. */
export const COVER_SIZE_NAMES = ["card", "page", "page2x"] as const;
export type CoverSize = (typeof COVER_SIZE_NAMES)[number];

/**
 * File-store keys for a track's media, all under `tracks/{trackId}/` so deleting a track is one
 * prefix delete. Built only from server ids and the sniffed format, never from upload names.
 */
export const trackKeys = {
  folder: (trackId: string) => `tracks/${trackId}`,
  original: (trackId: string, format: UploadFormat) => `tracks/${trackId}/original.${format}`,
  mp3: (trackId: string) => `tracks/${trackId}/full.mp3`,
  /** The uploaded cover as received, kept only until the job has made the WebP sizes. */
  coverSource: (trackId: string) => `tracks/${trackId}/cover-source`,
  cover: (trackId: string, size: CoverSize) => `tracks/${trackId}/cover-${size}.webp`,
  stemFile: (trackId: string, stemId: string, format: UploadFormat) => `tracks/${trackId}/stems/${stemId}.${format}`,
  stemMp3: (trackId: string, stemId: string) => `tracks/${trackId}/stems/${stemId}.mp3`,
};

/**
 * Inside the track's folder, so deleting the track's files removes its derivatives too. One key per
 * conversion run, so an expiry sweep never deletes a newer run's file.
 */
export function derivativeKey(trackId: string, conversionId: string, format: "wav" | "flac"): string {
  return assertKey(`${trackKeys.folder(trackId)}/derived/${conversionId}.${format}`);
}

/** The stored WebP of one cover size, once processing has made the sizes (coverArtKey is then set). */
export function coverVariantKey(track: Track, size: CoverSize): string | null {
  return track.coverArtKey ? trackKeys.cover(track.id, size) : null;
}
