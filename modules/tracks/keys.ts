import type { UploadFormat } from "../../src/server/audio/sniff";
import { assertKey } from "../../src/server/store/file-store";
import type { Track } from "./schema";

/**
 * The cover sizes processing stores (widths in modules/uploads/cover-art.ts): the embed's small box, cards, the track
 * page, the page at 2×.
 */
export const COVER_SIZE_NAMES = ["thumb", "card", "page", "page2x"] as const;
export type CoverSize = (typeof COVER_SIZE_NAMES)[number];

/**
 * File-store keys for a track's media, under `tracks/{trackId}/`. Built only from server ids and the
 * sniffed format, never from upload names. A fork's rows name its original's keys (files are shared,
 * never copied), so a key is deleted only when no live row names it (modules/track-files/file-use.ts).
 */
export const trackKeys = {
  folder: (trackId: string) => `tracks/${trackId}`,
  original: (trackId: string, format: UploadFormat) => `tracks/${trackId}/original.${format}`,
  /**
   * The streaming MP3 made from a source file, named after it. Every new source gets a key of its own
   * (uploads by id, studio changes by `revision`), so a derivative never overwrites a file a fork shares.
   */
  streamMp3: (sourceKey: string) => sourceKey.replace(/\.[a-z0-9]+$/, ".stream.mp3"),
  /** A replaced or regenerated original: a fresh name, as forks may share the one it replaces. */
  revision: (trackId: string, format: UploadFormat) => `tracks/${trackId}/original-${crypto.randomUUID()}.${format}`,
  /** The uploaded cover as received, kept only until the job has made the WebP sizes. */
  coverSource: (trackId: string) => `tracks/${trackId}/cover-source`,
  cover: (trackId: string, size: CoverSize) => `tracks/${trackId}/cover-${size}.webp`,
  /** One size of a stored cover, beside the page size that `coverArtKey` names (a fork's is its original's). */
  coverVariant: (coverArtKey: string, size: CoverSize) => coverArtKey.replace(/cover-[a-z0-9]+\.webp$/, `cover-${size}.webp`),
  /** Generated link-preview images (modules/embeds), one per page version of the track. */
  previews: (trackId: string) => `tracks/${trackId}/previews`,
  preview: (trackId: string, version: number | string) => `tracks/${trackId}/previews/${version}.png`,
  stemFile: (trackId: string, stemId: string, format: UploadFormat) => `tracks/${trackId}/stems/${stemId}.${format}`,
  /** A stem file added or replaced in the studio: a fresh name, like `revision`. */
  stemRevision: (trackId: string, format: UploadFormat) => `tracks/${trackId}/stems/${crypto.randomUUID()}.${format}`,
};

/**
 * Whether `key` is a file the track stored itself (under its own folder) rather than one it shares with the track it
 * was forked from: a track is charged quota for its own audio only (SPEC §9, issue 37).
 */
export function storedBy(trackId: string, key: string): boolean {
  return key.startsWith(`${trackKeys.folder(trackId)}/`);
}

/**
 * Inside the track's folder, so deleting the track's files removes its derivatives too. One key per
 * conversion run, so an expiry sweep never deletes a newer run's file.
 */
export function derivativeKey(trackId: string, conversionId: string, format: "wav" | "flac"): string {
  return assertKey(`${trackKeys.folder(trackId)}/derived/${conversionId}.${format}`);
}

/** The stored WebP of one cover size, once processing has made the sizes (coverArtKey is then set). */
export function coverVariantKey(track: Pick<Track, "coverArtKey">, size: CoverSize): string | null {
  return track.coverArtKey ? trackKeys.coverVariant(track.coverArtKey, size) : null;
}
