import { useEffect, useMemo, useRef, useState } from "react";
import { type MeasuredLoudness, matchGainDb } from "../../src/shared/loudness";
import { trackPath } from "../../src/shared/public-addresses";
import type { StemMixSettings } from "../../src/shared/stem-mix";
import type { MixToFork } from "../forks/ForkDialog";
import { type ForkSource, ForkWithMix } from "../forks/ForkWithMix";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { DownloadMix } from "./DownloadMix";
import { $matchLoudness } from "./loudness-preference";
import { mediaUrl } from "./media-url";
import { forkMix, type StemLevel, UNITY_LEVEL } from "./mix-levels";
import { $nowPlaying, $playback } from "./now-playing";
import { pause, play, seek, stop, type Transport, transportOf } from "./playback";
import { MasterFader, StemLevelControls } from "./StemMixer";
import { StemWave } from "./StemWave";
import { audibleStems, heardLabel, toggled } from "./solo-mute";
import { createStemPlayback, type StemPlayback } from "./stem-playback";
import type { WaveformHeight } from "./waveform-style";

type LoadState = "loading" | "ready" | "failed";

/** The listener's mix of a set: what a page opened again finds as it was left. */
interface StemsMix {
  soloed: Set<string>;
  muted: Set<string>;
  levels: ReadonlyMap<string, StemLevel>;
  masterDb: number;
}

/** A synced set as the one playback sees it; `attached` while its page shows it. */
interface StemsTransport extends Transport {
  attached: boolean;
}

/**
 * A set that went on playing in the player bar when its page was left, with the mix it had: opening the page again
 * takes it back rather than loading the stems anew.
 */
let kept: { trackId: string; playback: StemPlayback; transport: StemsTransport; mix: StemsMix } | null = null;

function stemsTransport(playback: StemPlayback): StemsTransport {
  const transport: StemsTransport = {
    attached: true,
    get playing() {
      return playback.playing;
    },
    get position() {
      return playback.position;
    },
    play: () => playback.play(),
    pause: () => playback.pause(),
    seek: (seconds) => playback.seek(seconds),
    setVolume: (volume) => playback.mix.setVolume(volume),
    release() {
      // Its page still shows it: it waits there, paused. Else its decoded audio goes.
      if (transport.attached) return playback.pause();
      playback.close();
      if (kept?.transport === transport) kept = null;
    },
  };
  return transport;
}

/**
 * Synced mode (SPEC §4): all stems play together on one clock with start, stop, solo and mute, and a
 * mixer (a fader and pan per stem, a master fader) on that clock. Played, the set is the site's one playback
 * (playback.ts) as one item ("Undertow · stems"): it pauses every other player and goes on in the player bar, mix
 * and all, when the page is left. The mixer's settings live here and are applied to whichever playback exists, so
 * they hold across seek, pause, stop and play.
 */
export function SyncedStems({
  trackId,
  title,
  artist,
  artistHref,
  artworkUrl,
  stems,
  height,
  isPublic,
  forkSource,
  loudness,
}: {
  trackId: string;
  /** The track's title and artist, for the player bar. */
  title: string;
  artist: string;
  artistHref: string | null;
  artworkUrl: string | null;
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
  const playerId = `stems:${trackId}`;
  // The set left playing in the bar, if this page is its own: its mix comes back with it.
  const [adopted] = useState(() => (kept?.trackId === trackId && transportOf(playerId) === kept.transport ? kept : null));
  const [playback, setPlayback] = useState<StemPlayback | null>(null);
  const [transport, setTransport] = useState<StemsTransport | null>(null);
  const [loadState, setLoadState] = useState<LoadState>("loading");
  const [pausedAt, setPausedAt] = useState(0);
  const [soloed, setSoloed] = useState<Set<string>>(() => adopted?.mix.soloed ?? new Set());
  const [muted, setMuted] = useState<Set<string>>(
    () => adopted?.mix.muted ?? new Set(stems.filter((stem) => stem.mix.muted).map((stem) => stem.id)),
  );
  const [levels, setLevels] = useState<ReadonlyMap<string, StemLevel>>(
    () => adopted?.mix.levels ?? new Map(stems.map((stem) => [stem.id, { gainDb: stem.mix.gainDb, pan: stem.mix.pan }])),
  );
  const [masterDb, setMasterDb] = useState(adopted?.mix.masterDb ?? UNITY_LEVEL.gainDb);
  const mixRef = useRef<StemsMix>({ soloed, muted, levels, masterDb });
  mixRef.current = { soloed, muted, levels, masterDb };
  const duration = Math.max(...stems.map((stem) => stem.duration));
  const stemIds = useMemo(() => stems.map((stem) => stem.id), [stems]);
  const audible = useMemo(() => audibleStems(stemIds, soloed, muted), [stemIds, soloed, muted]);
  const current = useIslandStore($nowPlaying)?.key === playerId;
  const { state: playbackState, position: playedAt } = useIslandStore($playback);
  const playing = current && (playbackState === "playing" || playbackState === "loading");
  const position = current ? playedAt : pausedAt;

  useEffect(() => {
    const reused = kept?.trackId === trackId && transportOf(playerId) === kept.transport ? kept : null;
    if (reused) kept = null;
    const created =
      reused?.playback ??
      createStemPlayback(
        stems.map((stem) => ({ id: stem.id, url: stem.mp3Url, duration: stem.duration })),
        duration,
        (url) => mediaUrl(url, isPublic),
      );
    const ownTransport = reused?.transport ?? stemsTransport(created);
    ownTransport.attached = true;
    if (!reused) setLoadState("loading");
    setPlayback(created);
    setTransport(ownTransport);
    created.ready.then(
      () => setLoadState("ready"),
      (error) => {
        console.warn("Could not load the stems", error);
        setLoadState("failed");
      },
    );
    return () => {
      // Playing (or paused) in the bar: it stays there with its mix until something else plays.
      if (transportOf(playerId) === ownTransport) {
        ownTransport.attached = false;
        kept = { trackId, playback: created, transport: ownTransport, mix: mixRef.current };
      } else created.close();
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
    if (!transport) return;
    void play(
      {
        key: playerId,
        title: `${title} · stems`,
        artist,
        href: trackPath(trackId),
        artistHref,
        artworkUrl,
        duration,
        src: null,
        isPublic,
        playTarget: { trackId, playbackSource: "SYNCED" },
      },
      { at: position, through: transport },
    );
  }

  /** 'Stop All Tracks' means every player on the page: the full track may be the one playing. */
  function stopAll() {
    if (current) return stop();
    pause();
    playback?.stop();
    setPausedAt(0);
  }

  function seekTo(seconds: number) {
    if (current) return seek(seconds);
    playback?.seek(seconds);
    setPausedAt(seconds);
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
        <button type="button" className="button" disabled={!ready} onClick={playing ? () => pause() : start}>
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
              <StemWave peaks={stem.waveformData} duration={stem.duration} height={height} position={position} onSeek={seekTo} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
