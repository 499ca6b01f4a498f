import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from "react";
import type WaveSurfer from "wavesurfer.js";
import type { MeasuredLoudness } from "../../src/shared/loudness";
import { trackPath } from "../../src/shared/public-addresses";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { $nowPlaying, $playback, type PlayItem, SEEK_STEP_SECONDS } from "./now-playing";
import type { PlayTarget } from "./play-recorder";
import { $positions, $seekRequest } from "./seek";
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
  /** Unique on the page, and the same wherever the same audio is shown: `track:{id}`, `stem:{id}` (now-playing.ts). */
  playerId: string;
  /** The audio URL from the API (fullTrackMp3Url or a stem's mp3Url); presigned unless `isPublic`. */
  src: string;
  /** The stored peaks (waveformData) and duration in seconds: drawn as they are, nothing is decoded. Keep the array stable. */
  peaks: number[];
  duration: number;
  /** 128 by default; 48 in track lists and the stem grid, 64 in the stem list, 96 for the full track. */
  height?: WaveformHeight;
  /** Names the player for screen readers, the player bar and the Media Session (lock screen). */
  title: string;
  artist: string;
  /** The artist's page, linked from the player bar (null: an account that is gone). */
  artistHref?: string | null;
  artworkUrl?: string | null;
  /** Where a play is recorded after 5 s of listening; leave out to record nothing. Its track is the bar's link. */
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
  /** "Play next" and "Add to queue" beside play (cards and the track page: issue 40 B). */
  queueControls?: boolean;
}

// Timed comments arrive after the page has hydrated (never in the server's HTML): their markers' code comes with
// the first of them.
const WaveMarkers = lazy(() => import("./WaveMarkers").then((module) => ({ default: module.WaveMarkers })));
// The loudness details come with the player's other code, when a listener first reaches for it.
const LoudnessMatch = lazy(() => import("./LoudnessMatch").then((module) => ({ default: module.LoudnessMatch })));
/** The site's one playback (playback.ts), loaded when a listener first reaches for a player. */
const playback = () => import("./playback");

/**
 * Play/pause (and stop) over a waveform, a view of the site's one playback (playback.ts) for its audio. The stored
 * peaks are drawn as SVG from the first paint (server-rendered); while this audio is the one playing, wavesurfer.js
 * draws it from the playing element instead. Controls are enabled once the island has hydrated ('loading' until
 * then). Leaving the page leaves the audio playing, in the player bar.
 */
export default function Player(props: PlayerProps) {
  const { playerId, src, peaks, duration, height = 128, showStop = false } = props;
  const waveRef = useRef<HTMLDivElement>(null);
  const nowPlaying = useIslandStore($nowPlaying);
  const { state: playbackState, position: playedAt } = useIslandStore($playback);
  const [hydrated, setHydrated] = useState(false);
  /** Played here since the page loaded: once another player takes over, this one is "paused", not "ready". */
  const [touched, setTouched] = useState(false);
  /** Where this audio starts when played (a click on the waveform, a shared link's time) while it is not playing. */
  const [cue, setCue] = useState(0);
  const [drawn, setDrawn] = useState(false);
  const [reachedFor, setReachedFor] = useState(false);
  // Read when playback starts, so a parent re-rendering with new object literals does not rebuild the waveform.
  const details = useRef(props);
  details.current = props;

  const current = nowPlaying?.key === playerId;
  // A track in the bar since a reload waits there ("cued"): its player shows its place, but nothing has loaded.
  const started = current && playbackState !== "cued";
  const position = current ? playedAt : cue;
  const lastPosition = useRef(position);
  lastPosition.current = position;

  useEffect(() => {
    if (started) setTouched(true);
    // Another player took over: this one keeps its place, to play on from there.
    else setCue(lastPosition.current);
  }, [started]);

  // A track measured after the page rendered (processing ended, the upgrade's job) is matched from then on.
  const { loudnessLufs, truePeakDb } = props.loudness ?? {};
  useEffect(() => {
    const measured = details.current.loudness;
    if (started && measured && (loudnessLufs !== undefined || truePeakDb !== undefined))
      void playback().then((engine) => engine.updateLoudness(playerId, measured));
  }, [started, playerId, loudnessLufs, truePeakDb]);

  const { startAt } = props;
  useEffect(() => {
    if (!startAt) return;
    const at = Math.min(startAt, duration);
    setCue(at);
    // The same track waiting in the bar since a reload waits at the shared link's time too.
    if ($nowPlaying.get()?.key === playerId && $playback.get().state === "cued") $playback.setKey("position", at);
  }, [startAt, duration, playerId]);

  useEffect(() => {
    setHydrated(true);
    return $seekRequest.listen((request) => {
      if (request?.playerId === playerId) seekRef.current(request.seconds);
    });
  }, [playerId]);

  // While this audio plays, wavesurfer draws it from the playing element (it stays playing when the surfer goes).
  useEffect(() => {
    if (!started) return;
    let surfer: WaveSurfer | null = null;
    let gone = false;
    void (async () => {
      const [{ createSurfer }, { mediaElement }] = await Promise.all([import("./create-surfer"), playback()]);
      const container = waveRef.current;
      if (gone || !container) return;
      const instance = await createSurfer({ container, media: mediaElement(), peaks, duration, height });
      if (gone) return instance.destroy();
      surfer = instance;
      instance.on("redrawcomplete", () => setDrawn(true));
    })();
    return () => {
      gone = true;
      surfer?.destroy();
      setDrawn(false);
    };
  }, [started, peaks, duration, height]);

  /** What this player plays, for the one playback and the bar. */
  function item(): PlayItem {
    const { title, artist, artistHref, artworkUrl, isPublic, loudness, playTarget } = details.current;
    return {
      key: playerId,
      title,
      artist,
      href: playTarget ? trackPath(playTarget.trackId) : window.location.pathname,
      artistHref: artistHref ?? null,
      artworkUrl: artworkUrl ?? null,
      duration,
      src,
      isPublic: isPublic ?? false,
      loudness,
      playTarget,
    };
  }

  function reachFor() {
    setReachedFor(true);
    void playback();
    void import("./create-surfer").then((module) => module.loadWaveSurfer());
  }

  const ready = hydrated;
  const playing = current && (playbackState === "playing" || playbackState === "loading");
  const state: PlayerState = !ready ? "loading" : playing ? "playing" : touched ? "paused" : "ready";
  const playPause = () => {
    reachFor();
    void playback().then((engine) => (started ? engine.toggle() : engine.play(item(), { at: position })));
  };
  const stop = () => {
    if (current) void playback().then((engine) => engine.stop());
    else setCue(0);
  };
  const seekTo = (seconds: number) => {
    const to = Math.min(duration, Math.max(0, seconds));
    if (current) return void playback().then((engine) => engine.seek(to));
    setCue(to);
    $positions.setKey(playerId, to);
  };
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
      onPointerEnter={() => ready && reachFor()}
      onFocus={() => ready && reachFor()}
      onClick={onSvgClick}
    >
      {!drawn && <WaveformSvg peaks={peaks} height={height} />}
      {!drawn && position > 0 && (
        <span className="player-cue" style={{ left: `${(Math.min(position, duration) / duration) * 100}%` }} />
      )}
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
            onClick={stop}
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
  // Beside the player, not in it: its group's own buttons stay play, pause and stop.
  const queueControls = props.queueControls && (
    <div className="player-queue-controls js-only">
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={!ready}
        onClick={() => void playback().then((engine) => engine.playNext(item()))}
      >
        Play next
      </button>
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={!ready}
        onClick={() => void playback().then((engine) => engine.addToQueue(item()))}
      >
        Add to queue
      </button>
    </div>
  );
  if (!props.showLoudness && !queueControls) return player;
  return (
    <>
      {player}
      {queueControls}
      {props.showLoudness && reachedFor && props.loudness && (
        <Suspense fallback={null}>
          <LoudnessMatch loudness={props.loudness} />
        </Suspense>
      )}
    </>
  );
}
