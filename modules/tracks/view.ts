import type { Viewer } from "../auth/service";
import { findUserById } from "../auth/service";
import { conversionStatuses } from "../conversions/service";
import { getLicense } from "../licenses/service";
import { listStemsOf } from "./media-keys";
import { tracksRepo } from "./repo";
import type { Stem, Track } from "./schema";

/**
 * The SPEC §3 Track JSON. While audio is still processing, `originalUrl` (and `coverArt`, while the
 * cover is being sized) carry the literal `{address}` prefix that tells clients to show
 * 'Processing audio...' and a placeholder image.
 */
export const PROCESSING_PREFIX = "{address}";

/**
 * Whether clients should still show 'Processing audio...'. A track stops processing for them once it
 * is playable (waveform drawn, and something the browser streams: the WAV/FLAC original, or the MP3
 * for modules), even while the MP3 is still encoding; and when processing has failed.
 */
export function isProcessing(track: Track): boolean {
  if (track.processingStatus !== "PENDING") return false;
  const streamable = track.originalFormat === "wav" || track.originalFormat === "flac" || track.mp3Key !== null;
  return track.waveformData === null || !streamable;
}

type Conversions = ReturnType<typeof conversionStatuses>;

export function stemView(track: Track, stem: Stem, conversions: Conversions) {
  const base = `/api/track/${track.id}/stem/${stem.id}`;
  return {
    id: stem.id,
    name: stem.name,
    type: stem.type,
    index: stem.index,
    waveformData: stem.waveformData,
    duration: stem.duration,
    originalFormat: stem.originalFormat,
    mp3Url: stem.mp3Key ? `${base}.mp3` : null,
    wavUrl: conversions?.stems[stem.id]?.wavUrl ?? null,
    flacUrl: conversions?.stems[stem.id]?.flacUrl ?? null,
    loudnessLufs: stem.loudnessLufs,
    processingStatus: stem.processingStatus,
    processingError: stem.processingError,
  };
}

export function trackView(track: Track, viewer: Viewer | null) {
  const base = `/api/track/${track.id}`;
  const marker = (path: string) => `${PROCESSING_PREFIX}${path}`;
  const isOwner = viewer?.id === track.userId;
  const conversions = conversionStatuses(track.id);
  const coverArt = track.coverArtPending ? marker(`${base}/cover`) : track.coverArtKey ? `${base}/cover` : null;
  return {
    id: track.id,
    userId: track.userId,
    title: track.title,
    description: track.description,
    primaryArtistName: track.primaryArtistName,
    duration: track.duration,
    coverArt,
    originalFormat: track.originalFormat,
    originalUrl: isProcessing(track) ? marker(`${base}/original`) : `${base}/original`,
    bpm: track.bpm,
    key: track.key,
    isExplicit: track.isExplicit,
    isPublic: track.isPublic,
    releaseDate: track.releaseDate,
    releaseDatePrecision: track.releaseDatePrecision,
    genreNames: track.genreNames,
    licenseId: track.licenseId,
    licenseType: getLicense(track.licenseId).type,
    waveformData: track.waveformData,
    fullTrackMp3Url: track.mp3Key ? `${base}/full.mp3` : null,
    fullTrackWavUrl: conversions?.fullTrackWavUrl ?? null,
    fullTrackFlacUrl: conversions?.fullTrackFlacUrl ?? null,
    wavConversionStatus: conversions?.wavConversionStatus ?? "NOT_STARTED",
    flacConversionStatus: conversions?.flacConversionStatus ?? "NOT_STARTED",
    totalPlays: track.totalPlays,
    totalDownloads: track.totalDownloads,
    forkCount: track.forkCount,
    isFork: track.isFork,
    forkedFromId: track.forkedFromId,
    createdAt: track.createdAt,
    user: { username: findUserById(track.userId)?.username ?? "" },
    stems: listStemsOf(track.id).map((stem) => stemView(track, stem, conversions)),
    sharedWith: isOwner
      ? tracksRepo.sharesOf(track.id).map((userId) => ({ userId, user: { email: findUserById(userId)?.email ?? "" } }))
      : [],
    status: track.status,
    deletedAt: track.deletedAt,
    originalSizeBytes: track.originalSizeBytes,
    mp3SizeBytes: track.mp3SizeBytes,
    wavSizeBytes: conversions?.wavSizeBytes ?? 0,
    flacSizeBytes: conversions?.flacSizeBytes ?? 0,
    coverArtSizeBytes: track.coverArtSizeBytes,
    totalQuotaSeconds: track.totalQuotaSeconds,
    loudnessLufs: track.loudnessLufs,
    moduleTitle: track.moduleTitle,
    moduleMessage: track.moduleMessage,
    processingStatus: track.processingStatus,
    processingError: track.processingError,
  };
}

export type TrackView = ReturnType<typeof trackView>;
