import type { UploadFormat } from "../../src/server/audio/sniff";
import type { CoverSize } from "./cover-art";

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
