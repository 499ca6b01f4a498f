import type { TrackListItem } from "../../modules/tracks/model";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { trackPath, uploaderPath } from "../../src/shared/public-addresses";
import type { PlayItem } from "../player/now-playing";

/** A card's cover address once processed (presigned on the card itself when private). */
export const coverUrlOf = (track: TrackListItem) => (track.coverArt && !isProcessingUrl(track.coverArt) ? track.coverArt : null);

/** A listed track as the playback plays it (its card's player plays the same), or null while it cannot be played. */
export function playItemOf(track: TrackListItem): PlayItem | null {
  if (!track.fullTrackMp3Url || track.duration === null || isProcessingUrl(track.originalUrl)) return null;
  return {
    key: `track:${track.id}`,
    title: track.title,
    artist: track.primaryArtistName,
    href: trackPath(track.id),
    artistHref: uploaderPath(track.user?.username),
    // A private cover's address needs a token the queue does not sign ahead: the bar shows none for it.
    artworkUrl: track.isPublic ? coverUrlOf(track) : null,
    duration: track.duration,
    src: track.fullTrackMp3Url,
    isPublic: track.isPublic,
    loudness: { loudnessLufs: track.loudnessLufs, truePeakDb: track.truePeakDb },
    playTarget: { trackId: track.id, playbackSource: "STREAM" },
  };
}

export const playItemsOf = (tracks: TrackListItem[]): PlayItem[] =>
  tracks.flatMap((track) => {
    const item = playItemOf(track);
    return item ? [item] : [];
  });
