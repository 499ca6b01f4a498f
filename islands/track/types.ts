import type { ReleaseDatePrecision } from "../../src/shared/upload-rules";

/** A stem as GET /api/track/{id} returns it (SPEC §3). */
export interface StemDetails {
  id: string;
  name: string;
  type: string;
  index: number;
  waveformData: number[] | null;
  duration: number | null;
  mp3Url: string | null;
  wavUrl: string | null;
  flacUrl: string | null;
  processingStatus?: "PENDING" | "READY" | "FAILED";
}

/** A track as GET /api/track/{id} returns it (SPEC §3); the fields the track page shows. */
export interface TrackDetails {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  primaryArtistName: string;
  duration: number | null;
  coverArt: string | null;
  originalFormat: string;
  originalUrl: string | null;
  bpm: number | null;
  key: string | null;
  isExplicit: boolean;
  isPublic: boolean;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  genreNames: string[];
  licenseId: string;
  licenseType?: string | null;
  waveformData: number[] | null;
  fullTrackMp3Url: string | null;
  fullTrackWavUrl: string | null;
  fullTrackFlacUrl: string | null;
  wavConversionStatus?: string | null;
  flacConversionStatus?: string | null;
  totalPlays: number;
  totalDownloads: number;
  forkCount: number;
  isFork: boolean;
  forkedFromId: string | null;
  createdAt: string;
  user?: { username: string } | null;
  stems: StemDetails[];
  sharedWith?: { userId: string; user: { email: string } }[];
  status?: string;
}

/** SPEC §3: a '{address}' prefix on originalUrl / coverArt means the file is still being processed. */
export const PROCESSING_MARKER = "{address}";
export const isProcessingUrl = (url: string | null | undefined): boolean => !!url?.startsWith(PROCESSING_MARKER);
