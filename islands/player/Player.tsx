import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import type { MeasuredLoudness } from "../../src/shared/loudness";
import { formatDuration } from "../lib/format";
import type { PlayTarget } from "./play-recorder";
import { $positions, $seekRequest } from "./seek";
import { claimPlayback, onOtherPlayerStarts, releasePlayback } from "./store";
import { WaveformSvg } from "./WaveformSvg";
import type { WaveMarker } from "./WaveMarkers";
import type { WaveformHeight } from "./waveform-style";
import "./player.css";

export type PlayerState = "loading" | "ready" | "playing" | "paused";

/**
 * The one player (SPEC §2 Player), used on track cards, the track page and stems.
 * Stable interface: other islands embed it; add optional props only.
 */
export interface PlayerProps {
  /** Unique on the page: one-at-a-time playback is keyed by it (e.g. `track:{id}`, `stem:{id}`). */
  playerId: string;
  /** The audio URL from the API (fullTrackMp3Url or a stem's mp3Url); presigned unless `isPublic`. */
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
  /** Public media streams as it is; left out, the URL is presigned (private media needs a media token). */
  isPublic?: boolean;
  /** Timed comments, drawn as markers under the waveform (the full track's player). */
  markers?: WaveMarker[];
  /** Seconds to start from (a shared link's `?t=`): the playhead waits there until the visitor plays. */
  startAt?: number;
  /**
   * The track's measured loudness: played at −14 LUFS while "Match loudness" is on (src/shared/loudness.ts). A stem
   * gets its track's, so it sounds as it does in the matched track. Left out, the audio plays as it is.
   */
  loudness?: MeasuredLoudness;
  /** Under the player once it is first reached for: "Match loudness" and the gain it applies (the full track's). */
  showLoudness?: boolean;
}

const SEEK_STEP_SECONDS = 5;

// Timed comments arrive after the page has hydrated (never in the server's HTML): their markers' code comes with
// the first of them.
const WaveMarkers = lazy(() => import("./WaveMarkers").then((module) => ({ default: module.WaveMarkers })));
// The loudness details come with the player's other code, when a listener first reaches for it.
const LoudnessMatch = lazy(() => import("./LoudnessMatch").then((module) => ({ default: module.LoudnessMatch })));

/**
 * Play/pause (and stop) over a waveform. The stored peaks are drawn as SVG from the first paint
 * (server-rendered); wavesurfer.js takes over when the visitor first points at, focuses or uses the
 * player. Controls are enabled once the island has hydrated ('loading' until then).
 */
export default function Player(props: PlayerProps) {
  const { playerId, src, peaks, duration, height = 128, showStop = false } = props;
  const waveRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<Promise<WaveSurfer> | null>(null);
  /** Undoes what the surfer's creation wired outside it (the loudness gain and its listener). */
  const unwireRef = useRef<(() => void) | null>(null);
  /** Sets the loudness gain again from the props and the preference, once the gain exists. */
  const matchRef = useRef<(() => void) | null>(null);
  const [state, setState] = useState<PlayerState>("loading");
  const [drawn, setDrawn] = useState(false);
  const [reachedFor, setReachedFor] = useState(false);
  const [position, setPosition] = useState(0);
  // Read when playback starts, so a parent re-rendering with new object literals does not rebuild the waveform.
  const details = useRef(props);
  details.current = props;

  // A track measured after the page rendered (processing ended, the upgrade's job) is matched from then on.
  const { loudnessLufs, truePeakDb } = props.loudness ?? {};
  useEffect(() => {
    if (loudnessLufs !== undefined || truePeakDb !== undefined) matchRef.current?.();
  }, [loudnessLufs, truePeakDb]);

  const { startAt } = props;
  useEffect(() => {
    if (startAt) setPosition(Math.min(startAt, duration));
  }, [startAt, duration]);

  useEffect(() => {
    setState("ready");
    const stopListening = onOtherPlayerStarts(playerId, () => void surferRef.current?.then((surfer) => surfer.pause()));
    const stopSeeking = $seekRequest.listen((request) => {
      if (request?.playerId === playerId) seekRef.current(request.seconds);
    });
    return () => {
      stopListening();
      stopSeeking();
      releasePlayback(playerId);
      void surferRef.current?.then((surfer) => surfer.destroy());
      surferRef.current = null;
      unwireRef.current?.();
      unwireRef.current = null;
      setDrawn(false);
    };
  }, [playerId]);

  /** The wavesurfer instance, created on first need and wired to state, store, recorder and Media Session. */
  function surfer(): Promise<WaveSurfer> {
    if (surferRef.current) return surferRef.current;
    setReachedFor(true);
    const media = new Audio();
    media.preload = "none";
    const container = waveRef.current as HTMLElement;
    const created = (async () => {
      // Loaded with wavesurfer, on first use: a page of players that nobody plays needs none of it.
      const [
        { createSurfer },
        { mediaUrl },
        { createPlayRecorder },
        { claimMediaSession, setMediaSessionState },
        { matchLoudnessOf },
      ] = await Promise.all([
        import("./create-surfer"),
        import("./media-url"),
        import("./play-recorder"),
        import("./media-session"),
        import("./loudness-gain"),
      ]);
      // Before the source: routing sets the element's CORS mode, which must come first.
      const loudness = matchLoudnessOf(media, () => details.current.loudness);
      matchRef.current = loudness?.rematch ?? null;
      unwireRef.current = loudness?.stop ?? null;
      media.src = await mediaUrl(src, props.isPublic ?? false);
      const instance = await createSurfer({ container, media, peaks, duration, height });
      const target = details.current.playTarget;
      const recorder = target ? createPlayRecorder(target) : null;
      const start = details.current.startAt;
      if (start) instance.setTime(Math.min(start, duration));
      const controls = {
        play: () => void instance.play(),
        pause: () => instance.pause(),
        stop: () => instance.stop(),
        seekTo: (seconds: number) => instance.setTime(seconds),
        seekBy: (seconds: number) => instance.setTime(Math.max(0, instance.getCurrentTime() + seconds)),
      };
      instance.on("redrawcomplete", () => setDrawn(true));
      instance.on("play", () => {
        loudness?.resume();
        claimPlayback(playerId);
        const { title, artist, artworkUrl } = details.current;
        claimMediaSession({ title, artist, artworkUrl }, controls);
        setMediaSessionState("playing");
        setState("playing");
      });
      instance.on("pause", () => {
        recorder?.interrupt();
        setMediaSessionState("paused");
        setState("paused");
      });
      instance.on("seeking", () => recorder?.interrupt());
      instance.on("timeupdate", (time) => {
        setPosition(time);
        $positions.setKey(playerId, time);
        if (instance.isPlaying()) recorder?.progress(time);
      });
      return instance;
    })();
    surferRef.current = created;
    return created;
  }

  const ready = state !== "loading";
  const playing = state === "playing";
  const playPause = () => void surfer().then((instance) => instance.playPause());
  const seekTo = (seconds: number) =>
    void surfer().then((instance) => instance.setTime(Math.min(duration, Math.max(0, seconds))));
  // Seek requests from other islands (requestSeek) arrive through a listener set up once.
  const seekRef = useRef(seekTo);
  seekRef.current = seekTo;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!ready) return;
    if (event.key === " ") {
      event.preventDefault();
      playPause();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      seekTo(position + (event.key === "ArrowRight" ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
    }
  }

  /** Before wavesurfer has drawn, a click on the SVG seeks by itself (afterwards wavesurfer handles clicks). */
  function onSvgClick(event: MouseEvent<HTMLDivElement>) {
    if (drawn || !ready) return;
    const box = event.currentTarget.getBoundingClientRect();
    seekTo(((event.clientX - box.left) / box.width) * duration);
  }

  const wave = (
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
      onPointerEnter={() => ready && void surfer()}
      onFocus={() => ready && void surfer()}
      onClick={onSvgClick}
    >
      {!drawn && <WaveformSvg peaks={peaks} height={height} />}
      <div ref={waveRef} className="player-surfer" />
    </div>
  );

  const player = (
    <fieldset className={`player player-h${height}`} data-state={state} aria-label={`Player: ${props.title}`}>
      <div className="player-controls js-only">
        <button
          type="button"
          className="player-button"
          aria-label={playing ? "Pause" : "Play"}
          title={playing ? "Pause" : "Play"}
          disabled={!ready}
          onClick={playPause}
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
            onClick={() => void surfer().then((instance) => instance.stop())}
          >
            <span aria-hidden="true">■</span>
          </button>
        )}
      </div>
      {/*
        The waveform is the seek bar: click or drag to seek, arrows step, Space plays and pauses. It sits in the same
        place whether or not markers come (comments load after the player): moved, React would build it anew and
        leave wavesurfer drawing into the old, detached one.
      */}
      <div className="player-lane">
        {wave}
        {props.markers && props.markers.length > 0 && (
          <Suspense fallback={null}>
            <WaveMarkers markers={props.markers} duration={duration} onSeek={seekTo} />
          </Suspense>
        )}
      </div>
      {height >= 64 && (
        <span className="player-time">
          {formatDuration(position)} / {formatDuration(duration)}
        </span>
      )}
    </fieldset>
  );
  if (!props.showLoudness) return player;
  return (
    <>
      {player}
      {reachedFor && props.loudness && (
        <Suspense fallback={null}>
          <LoudnessMatch loudness={props.loudness} />
        </Suspense>
      )}
    </>
  );
}
