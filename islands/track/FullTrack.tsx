import { useEffect, useMemo, useRef, useState } from "react";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { startSecondsOf } from "../../src/shared/start-time";
import { decodeWaveform } from "../../src/shared/waveform-code";
import { $commentMarkers } from "../comments/store";
import { useIslandStore } from "../lib/use-island-store";
import Player from "../player/Player";
import { fullTrackPlayerId } from "../player/seek";
import Downloads from "./Downloads";
import { useLatestTrack } from "./live-track";
import type { PageTrack } from "./page-props";
import { useIsPublic } from "./visibility";

/**
 * The peaks of a page waveform, decoded once per waveform (the player needs the array to stay the same). Here, not
 * in page-props.ts, so a reader's page loads none of the code that makes page props (the track read again does).
 */
function usePeaks(waveform: string | null): number[] | null {
  return useMemo(() => (waveform ? decodeWaveform(waveform) : null), [waveform]);
}

/**
 * What keys the full track's player: its audio. New audio (a regenerated mix, a replaced original) gets a fresh
 * player; the MP3 that ends the encoding of the original already streaming is the same audio, so a listener who
 * pressed Play meanwhile is not stopped (the player takes the MP3 the next time it loads).
 */
function useAudioKey(originalUrl: string | null, mp3Url: string | null, src: string | null): string | null {
  const last = useRef<{ originalUrl: string | null; mp3Url: string | null; key: string | null } | null>(null);
  const sameAudio = last.current?.originalUrl === originalUrl && (last.current.mp3Url === null || last.current.mp3Url === mp3Url);
  const key = sameAudio && last.current ? last.current.key : src;
  last.current = { originalUrl, mp3Url, key };
  return key;
}

/**
 * The full-track waveform (96 px) with its timed comments' markers and its downloads; 'Processing audio...' instead
 * while the audio is still being processed (SPEC §4). The track as read again since the page rendered (processing
 * ended, a studio change) replaces the rendered one in place.
 */
export default function FullTrack({ track: rendered, artworkUrl }: { track: PageTrack; artworkUrl: string | null }) {
  const track = useLatestTrack(rendered.id)?.track ?? rendered;
  const { duration, originalUrl } = track;
  const waveformData = usePeaks(track.waveform);
  const isPublic = useIsPublic(track.id, track.isPublic);
  const markers = useIslandStore($commentMarkers)[track.id];
  // A link shared at a time (`?t=`, the share menu's) starts the player there; read once hydrated.
  const [startAt, setStartAt] = useState(0);
  useEffect(() => setStartAt(startSecondsOf(new URLSearchParams(window.location.search).get("t"))), []);
  // While the MP3 is still encoding, a WAV/FLAC original streams as it is.
  const src = track.fullTrackMp3Url ?? originalUrl;
  const audioKey = useAudioKey(originalUrl, track.fullTrackMp3Url, src);
  if (isProcessingUrl(originalUrl) || !waveformData?.length || !duration || !src) {
    return (
      <section className="full-track" aria-label="Full track">
        <p className="processing-note" role="status">
          Processing audio...
        </p>
      </section>
    );
  }
  return (
    <section className="full-track" aria-label="Full track">
      <Player
        key={audioKey}
        playerId={fullTrackPlayerId(track.id)}
        src={src}
        peaks={waveformData}
        duration={duration}
        height={96}
        title={track.title}
        artist={track.primaryArtistName}
        artistHref={rendered.artistHref}
        artworkUrl={artworkUrl}
        playTarget={{ trackId: track.id, playbackSource: "STREAM" }}
        showStop
        isPublic={isPublic}
        markers={markers}
        startAt={startAt}
        loudness={track}
        showLoudness
        queueControls
      />
      <Downloads
        target={{ trackId: track.id }}
        label="full track"
        wavReady={!!track.fullTrackWavUrl}
        flacReady={!!track.fullTrackFlacUrl}
      />
    </section>
  );
}
