import { useEffect, useMemo, useState } from "react";
import { type MeasuredLoudness, matchGainDb } from "../../src/shared/loudness";
import type { StemMixSettings } from "../../src/shared/stem-mix";
import type { MixToFork } from "../forks/ForkDialog";
import { type ForkSource, ForkWithMix } from "../forks/ForkWithMix";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { DownloadMix } from "./DownloadMix";
import { $matchLoudness } from "./loudness-preference";
import { mediaUrl } from "./media-url";
import { forkMix, type StemLevel, UNITY_LEVEL } from "./mix-levels";
import { createPlayRecorder } from "./play-recorder";
import { MasterFader, StemLevelControls } from "./StemMixer";
import { StemWave } from "./StemWave";
import { audibleStems, heardLabel, toggled } from "./solo-mute";
import { createStemPlayback, type StemPlayback } from "./stem-playback";
import { claimPlayback, onOtherPlayerStarts, releasePlayback } from "./store";
import type { WaveformHeight } from "./waveform-style";

/** SPEC §4: the visual cursor follows the clock at most every 50 ms. */
const CURSOR_THROTTLE_MS = 50;

type LoadState = "loading" | "ready" | "failed";

/**
 * Synced mode (SPEC §4): all stems play together on one clock with start, stop, solo and mute, and a
 * mixer (a fader and pan per stem, a master fader) on that clock. Starting them pauses every other
 * player on the page (the full track included), and the other way round. The mixer's settings live
 * here and are applied to whichever playback exists, so they hold across seek, pause, stop and play.
 */
export function SyncedStems({
  trackId,
  stems,
  height,
  isPublic,
  forkSource,
  loudness,
}: {
  trackId: string;
  stems: {
    id: string;
    name: string;
    type: string;
    duration: number;
    waveformData: number[];
    mp3Url: string;
    /** Where the mixer starts: as the track's full mix has the stem (a fork made "with this mix" keeps its settings). */
    mix: StemMixSettings;
  }[];
  height: WaveformHeight;
  /** Public stems stream as they are; private ones through presigned URLs. */
  isPublic: boolean;
  forkSource: ForkSource;
  /** The track's measured loudness: the whole set is matched with the one gain of its full mix. */
  loudness: MeasuredLoudness;
}) {
  const [playback, setPlayback] = useState<StemPlayback | null>(null);
  const [loadState, setLoadState] = useState<LoadState>("loading");
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [soloed, setSoloed] = useState<Set<string>>(new Set());
  const [muted, setMuted] = useState<Set<string>>(() => new Set(stems.filter((stem) => stem.mix.muted).map((stem) => stem.id)));
  const [levels, setLevels] = useState<ReadonlyMap<string, StemLevel>>(
    () => new Map(stems.map((stem) => [stem.id, { gainDb: stem.mix.gainDb, pan: stem.mix.pan }])),
  );
  const [masterDb, setMasterDb] = useState(UNITY_LEVEL.gainDb);
  const playerId = `stems:${trackId}`;
  const duration = Math.max(...stems.map((stem) => stem.duration));
  const stemIds = useMemo(() => stems.map((stem) => stem.id), [stems]);
  const audible = useMemo(() => audibleStems(stemIds, soloed, muted), [stemIds, soloed, muted]);

  useEffect(() => {
    const created = createStemPlayback(
      stems.map((stem) => ({ id: stem.id, url: stem.mp3Url, duration: stem.duration })),
      duration,
      (url) => mediaUrl(url, isPublic),
    );
    setPlayback(created);
    created.ready.then(
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
      if (!created.playing || now - lastCursor < CURSOR_THROTTLE_MS) return;
      lastCursor = now;
      const current = created.position;
      setPosition(current);
      recorder.progress(current);
      if (current >= duration) {
        created.stop();
        recorder.interrupt();
        setPlaying(false);
        setPosition(0);
      }
    };
    frame = requestAnimationFrame(follow);
    const stopListening = onOtherPlayerStarts(playerId, () => {
      created.pause();
      recorder.interrupt();
      setPlaying(false);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopListening();
      releasePlayback(playerId);
      created.close();
    };
  }, [trackId, playerId, duration, stems, isPublic]);

  useEffect(() => {
    for (const id of stemIds) playback?.mix.setAudible(id, audible.has(id));
  }, [playback, stemIds, audible]);

  useEffect(() => {
    for (const id of stemIds) playback?.mix.setLevel(id, levels.get(id) ?? UNITY_LEVEL);
  }, [playback, stemIds, levels]);

  useEffect(() => {
    playback?.mix.setMasterDb(masterDb);
  }, [playback, masterDb]);

  // After the listener's master fader: one loudness-match gain for the whole set of stems.
  const matchDb = useIslandStore($matchLoudness) ? matchGainDb(loudness) : 0;
  useEffect(() => {
    playback?.mix.setLoudnessDb(matchDb);
  }, [playback, matchDb]);

  const ready = loadState === "ready";

  function start() {
    if (!playback) return;
    claimPlayback(playerId);
    playback.play();
    setPlaying(true);
  }

  function pause() {
    playback?.pause();
    setPlaying(false);
  }

  /** 'Stop All Tracks' means every player on the page: the full track may be the one playing. */
  function stopAll() {
    playback?.stop();
    claimPlayback(playerId);
    releasePlayback(playerId);
    setPlaying(false);
    setPosition(0);
  }

  function seek(seconds: number) {
    playback?.seek(seconds);
    setPosition(seconds);
  }

  /** The mix as heard now, for the server to render: a fork's full track, or a download. */
  const mixNow = () => forkMix(stemIds, levels, soloed, muted);
  const currentMix = (): MixToFork => ({
    settings: mixNow(),
    stemNames: new Map(stems.map((stem) => [stem.id, stem.name])),
  });

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
      <div className="synced-mix">
        <MasterFader db={masterDb} disabled={!ready} onChange={setMasterDb} />
        <span className="synced-heard" role="status">
          {heardLabel(stems, soloed, muted)}
        </span>
        <div className="synced-actions">
          <ForkWithMix trackId={trackId} source={forkSource} currentMix={currentMix} />
          <DownloadMix trackId={trackId} currentMix={mixNow} />
        </div>
      </div>
      <ul className={`stem-rows stem-rows-${height === 48 ? "grid" : "list"}`}>
        {stems.map((stem) => {
          const isSoloed = soloed.has(stem.id);
          const isMuted = muted.has(stem.id);
          return (
            <li key={stem.id} className={audible.has(stem.id) ? "stem-row" : "stem-row stem-row-silent"} aria-label={stem.name}>
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
              <StemLevelControls
                name={stem.name}
                level={levels.get(stem.id) ?? UNITY_LEVEL}
                disabled={!ready}
                onChange={(level) => setLevels((current) => new Map(current).set(stem.id, level))}
              />
              <StemWave peaks={stem.waveformData} duration={stem.duration} height={height} position={position} onSeek={seek} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
