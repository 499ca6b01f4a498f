import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import WaveSurfer from "wavesurfer.js";
import { formatDuration } from "../lib/format";
import { claimMediaSession, setMediaSessionState } from "./media-session";
import { authorizedMediaUrl } from "./media-url";
import { createPlayRecorder, type PlayTarget } from "./play-recorder";
import { claimPlayback, onOtherPlayerStarts, releasePlayback } from "./store";
import { WaveformSvg } from "./WaveformSvg";
import "./player.css";
import { BAR_GAP, BAR_RADIUS, BAR_WIDTH, PROGRESS_COLOR, WAVE_COLOR, type WaveformHeight } from "./waveform-style";

export type PlayerState = "loading" | "ready" | "playing" | "paused";

/**
 * The one player (SPEC §2 Player), used on track cards, the track page and stems.
 * Stable interface: other islands embed it; add optional props only.
 */
export interface PlayerProps {
  /** Unique on the page: one-at-a-time playback is keyed by it (e.g. `track:{id}`, `stem:{id}`). */
  playerId: string;
  /** The audio URL from the API (fullTrackMp3Url or a stem's mp3Url); the token is added for private media. */
  src: string;
  /** The stored peaks (waveformData) and duration in seconds: drawn as they are, nothing is decoded. Keep the array stable. */
  peaks: number[];
  duration: number;
  /** 128 by default; 48 in track lists and the stem grid, 64 in the stem list, 96 for the full track. */
  height?: WaveformHeight;
  /** Names the player for screen readers and the Media Session (lock screen). */
  title: string;
  artist: string;
  artworkUrl?: string | null;
  /** Where a play is recorded after 5 s of listening; leave out to record nothing. */
  playTarget?: PlayTarget;
  /** Full tracks get the stop/reset button ('Stop Playback' while playing, else 'Reset to Start'). */
  showStop?: boolean;
}

const SEEK_STEP_SECONDS = 5;

/** Play/pause (and stop) over a wavesurfer.js waveform; the stored peaks show as SVG until it is ready. */
export default function Player(props: PlayerProps) {
  const { playerId, src, peaks, duration, height = 128, title, artist, artworkUrl, playTarget, showStop = false } = props;
  const waveRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const [state, setState] = useState<PlayerState>("loading");
  const [position, setPosition] = useState(0);
  // Read when playback starts, so a parent re-rendering with new object literals does not rebuild the waveform.
  const details = useRef({ title, artist, artworkUrl, playTarget });
  details.current = { title, artist, artworkUrl, playTarget };

  useEffect(() => {
    const container = waveRef.current;
    if (!container) return;
    const media = new Audio();
    // Lists hold many players: fetch audio only when someone presses play.
    media.preload = "none";
    media.src = authorizedMediaUrl(src);
    const surfer = WaveSurfer.create({
      container,
      media,
      peaks: [peaks],
      duration,
      height,
      waveColor: WAVE_COLOR,
      progressColor: PROGRESS_COLOR,
      cursorColor: PROGRESS_COLOR,
      barWidth: BAR_WIDTH,
      barGap: BAR_GAP,
      barRadius: BAR_RADIUS,
      normalize: true,
      dragToSeek: true,
    });
    surferRef.current = surfer;
    const target = details.current.playTarget;
    const recorder = target ? createPlayRecorder(target) : null;
    const controls = {
      play: () => void surfer.play(),
      pause: () => surfer.pause(),
      stop: () => surfer.stop(),
      seekTo: (seconds: number) => surfer.setTime(seconds),
      seekBy: (seconds: number) => surfer.setTime(Math.max(0, surfer.getCurrentTime() + seconds)),
    };
    surfer.on("ready", () => setState((current) => (current === "loading" ? "ready" : current)));
    surfer.on("play", () => {
      claimPlayback(playerId);
      claimMediaSession(details.current, controls);
      setMediaSessionState("playing");
      setState("playing");
    });
    surfer.on("pause", () => {
      recorder?.interrupt();
      setMediaSessionState("paused");
      setState("paused");
    });
    surfer.on("seeking", () => recorder?.interrupt());
    surfer.on("timeupdate", (time) => {
      setPosition(time);
      if (surfer.isPlaying()) recorder?.progress(time);
    });
    const stopListening = onOtherPlayerStarts(playerId, () => surfer.pause());
    return () => {
      stopListening();
      releasePlayback(playerId);
      surfer.destroy();
      surferRef.current = null;
    };
  }, [playerId, src, peaks, duration, height]);

  const ready = state !== "loading";
  const playing = state === "playing";
  const surfer = () => surferRef.current;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!ready) return;
    if (event.key === " ") {
      event.preventDefault();
      void surfer()?.playPause();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      const current = surfer();
      if (!current) return;
      const step = event.key === "ArrowRight" ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS;
      current.setTime(Math.min(duration, Math.max(0, current.getCurrentTime() + step)));
    }
  }

  return (
    <fieldset className={`player player-h${height}`} data-state={state} aria-label={`Player: ${title}`}>
      <div className="player-controls">
        <button
          type="button"
          className="player-button"
          aria-label={playing ? "Pause" : "Play"}
          title={playing ? "Pause" : "Play"}
          disabled={!ready}
          onClick={() => void surfer()?.playPause()}
        >
          <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
        </button>
        {showStop && (
          <button
            type="button"
            className="player-button"
            aria-label={playing ? "Stop Playback" : "Reset to Start"}
            title={playing ? "Stop Playback" : "Reset to Start"}
            disabled={!ready}
            onClick={() => surfer()?.stop()}
          >
            <span aria-hidden="true">■</span>
          </button>
        )}
      </div>
      {/* The waveform is the seek bar: click or drag to seek, arrows step, Space plays and pauses. */}
      <div
        className="player-wave"
        style={{ height }}
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={`${formatDuration(position)} of ${formatDuration(duration)}`}
        onKeyDown={onKeyDown}
      >
        {state === "loading" && <WaveformSvg peaks={peaks} height={height} />}
        <div ref={waveRef} className="player-surfer" />
      </div>
      {height >= 64 && (
        <span className="player-time">
          {formatDuration(position)} / {formatDuration(duration)}
        </span>
      )}
    </fieldset>
  );
}
