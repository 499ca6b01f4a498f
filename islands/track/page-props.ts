import type { StemDetails, TrackDetails } from "../../modules/tracks/model";
import { uploaderPath } from "../../src/shared/public-addresses";
import { encodeWaveform } from "../../src/shared/waveform-code";
import type { ForkSource } from "../forks/ForkWithMix";
import { type LatestTrack, showLatest } from "./live-track";

/**
 * What the track page's players get of a track and its stems: only the fields they show, with the waveform as one
 * short string (src/shared/waveform-code.ts) rather than an array Astro would serialise number by number.
 */
export type PageTrack = Pick<
  TrackDetails,
  | "id"
  | "title"
  | "primaryArtistName"
  | "isPublic"
  | "duration"
  | "originalUrl"
  | "fullTrackMp3Url"
  | "fullTrackWavUrl"
  | "fullTrackFlacUrl"
  | "loudnessLufs"
  | "truePeakDb"
> & {
  waveform: string | null;
  /** The uploader's page, for the player bar (null for an account that is gone). */
  artistHref: string | null;
};

export type PageStem = Pick<
  StemDetails,
  "id" | "name" | "type" | "duration" | "mp3Url" | "wavUrl" | "flacUrl" | "processingStatus" | "mix"
> & {
  waveform: string | null;
};

const encoded = (peaks: number[] | null) => (peaks?.length ? encodeWaveform(peaks) : null);

export function pageTrack(track: TrackDetails): PageTrack {
  return {
    id: track.id,
    title: track.title,
    primaryArtistName: track.primaryArtistName,
    isPublic: track.isPublic,
    duration: track.duration,
    originalUrl: track.originalUrl,
    fullTrackMp3Url: track.fullTrackMp3Url,
    fullTrackWavUrl: track.fullTrackWavUrl,
    fullTrackFlacUrl: track.fullTrackFlacUrl,
    loudnessLufs: track.loudnessLufs,
    truePeakDb: track.truePeakDb,
    waveform: encoded(track.waveformData),
    artistHref: uploaderPath(track.user?.username),
  };
}

export function pageStems(stems: StemDetails[]): PageStem[] {
  return stems.map((stem) => ({
    id: stem.id,
    name: stem.name,
    type: stem.type,
    duration: stem.duration,
    mp3Url: stem.mp3Url,
    wavUrl: stem.wavUrl,
    flacUrl: stem.flacUrl,
    processingStatus: stem.processingStatus,
    mix: stem.mix,
    waveform: encoded(stem.waveformData),
  }));
}

/** The track as read again, with what its players get of it (live-track.ts). */
export function latestOf(details: TrackDetails): LatestTrack {
  return { details, track: pageTrack(details), stems: pageStems(details.stems) };
}

/** Shows the track as read again in every island of the page that shows it, in place (live-track.ts). */
export function showTrack(details: TrackDetails): void {
  showLatest(latestOf(details));
}

/** What sync mode's "Fork with this mix" needs of the track: the same for every viewer, so kept pages may hold it. */
export function forkSourceOf(track: Pick<TrackDetails, "title" | "userId" | "processingStatus" | "duration">): ForkSource {
  return { title: track.title, ownerId: track.userId, processed: track.processingStatus === "READY", duration: track.duration };
}
