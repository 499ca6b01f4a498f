import { useEffect, useRef, useState } from "react";
import { formatDuration } from "../lib/format";
import { mediaUrl } from "./media-url";
import { createPlayRecorder } from "./play-recorder";
import { StemWave } from "./StemWave";
import { audibleStems, toggled } from "./solo-mute";
import { createStemPlayback, type StemPlayback } from "./stem-playback";
import { claimPlayback, onOtherPlayerStarts, releasePlayback } from "./store";
import type { WaveformHeight } from "./waveform-style";

/** SPEC §4: the visual cursor follows the clock at most every 50 ms. */
const CURSOR_THROTTLE_MS = 50;

type LoadState = "loading" | "ready" | "failed";

/**
 * Synced mode (SPEC §4): all stems play together on one clock with start, stop, solo and mute. Starting
 * them pauses every other player on the page (the full track included), and the other way round.
 */
export function SyncedStems({
  trackId,
  stems,
  height,
  isPublic,
}: {
  trackId: string;
  stems: { id: string; name: string; type: string; duration: number; waveformData: number[]; mp3Url: string }[];
  height: WaveformHeight;
  /** Public stems stream as they are; private ones through presigned URLs. */
  isPublic: boolean;
}) {
  const playbackRef = useRef<StemPlayback | null>(null);
  const [loadState, setLoadState] = useState<LoadState>("loading");
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [soloed, setSoloed] = useState<Set<string>>(new Set());
  const [muted, setMuted] = useState<Set<string>>(new Set());
  const playerId = `stems:${trackId}`;
  const duration = Math.max(...stems.map((stem) => stem.duration));

  useEffect(() => {
    const playback = createStemPlayback(
      stems.map((stem) => ({ id: stem.id, url: stem.mp3Url, duration: stem.duration })),
      duration,
      (url) => mediaUrl(url, isPublic),
    );
    playbackRef.current = playback;
    playback.ready.then(
      () => setLoadState("ready"),
      (error) => {
        console.warn("Could not load the stems", error);
        setLoadState("failed");
      },
    );
    const recorder = createPlayRecorder({ trackId, playbackSource: "SYNCED" });
    let lastCursor = 0;
    let frame = 0;
    const follow = (now: number) => {
      frame = requestAnimationFrame(follow);
      if (!playback.playing || now - lastCursor < CURSOR_THROTTLE_MS) return;
      lastCursor = now;
      const current = playback.position;
      setPosition(current);
      recorder.progress(current);
      if (current >= duration) {
        playback.stop();
        recorder.interrupt();
        setPlaying(false);
        setPosition(0);
      }
    };
    frame = requestAnimationFrame(follow);
    const stopListening = onOtherPlayerStarts(playerId, () => {
      playback.pause();
      recorder.interrupt();
      setPlaying(false);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopListening();
      releasePlayback(playerId);
      playback.close();
    };
  }, [trackId, playerId, duration, stems, isPublic]);

  useEffect(() => {
    const playback = playbackRef.current;
    if (!playback) return;
    const audible = audibleStems(
      stems.map((stem) => stem.id),
      soloed,
      muted,
    );
    for (const stem of stems) playback.setAudible(stem.id, audible.has(stem.id));
  }, [stems, soloed, muted]);

  const ready = loadState === "ready";
  const playback = () => playbackRef.current;

  function start() {
    const current = playback();
    if (!current) return;
    claimPlayback(playerId);
    current.play();
    setPlaying(true);
  }

  function pause() {
    playback()?.pause();
    setPlaying(false);
  }

  /** 'Stop All Tracks' means every player on the page: the full track may be the one playing. */
  function stopAll() {
    playback()?.stop();
    claimPlayback(playerId);
    releasePlayback(playerId);
    setPlaying(false);
    setPosition(0);
  }

  function seek(seconds: number) {
    playback()?.seek(seconds);
    setPosition(seconds);
  }

  return (
    <section
      className="synced-stems"
      aria-label="Synced stems"
      data-state={loadState === "ready" ? (playing ? "playing" : "ready") : loadState}
    >
      <div className="synced-transport">
        <button type="button" className="button" disabled={!ready} onClick={playing ? pause : start}>
          {playing ? "Pause All" : "Play All"}
        </button>
        <button type="button" className="button button-secondary" disabled={!ready} title="Stop All Tracks" onClick={stopAll}>
          Stop All Tracks
        </button>
        <span className="player-time">
          {formatDuration(position)} / {formatDuration(duration)}
        </span>
        {loadState === "loading" && <span className="synced-note">Loading stems...</span>}
        {loadState === "failed" && (
          <span className="synced-note" role="alert">
            The stems could not be loaded for synced playback.
          </span>
        )}
      </div>
      <ul className={`stem-rows stem-rows-${height === 48 ? "grid" : "list"}`}>
        {stems.map((stem) => {
          const isSoloed = soloed.has(stem.id);
          const isMuted = muted.has(stem.id);
          return (
            <li key={stem.id} className="stem-row" aria-label={stem.name}>
              <div className="stem-row-head">
                <strong>{stem.name}</strong>
                <span className="stem-type">{stem.type}</span>
                <span className="stem-duration">{formatDuration(stem.duration)}</span>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-pressed={isSoloed}
                  disabled={!ready}
                  onClick={() => setSoloed(toggled(soloed, stem.id))}
                >
                  {isSoloed ? "Unsolo" : "Solo"}
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  aria-pressed={isMuted}
                  disabled={!ready}
                  onClick={() => setMuted(toggled(muted, stem.id))}
                >
                  {isMuted ? "Unmute" : "Mute"}
                </button>
              </div>
              <StemWave peaks={stem.waveformData} duration={stem.duration} height={height} position={position} onSeek={seek} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
