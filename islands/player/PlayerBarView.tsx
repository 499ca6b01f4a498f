import { lazy, Suspense, useEffect, useState } from "react";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { LikeButton } from "../likes/LikeButton";
import { $playback, $queue, $queueSource, $repeat, $volume, type PlayItem } from "./now-playing";
import { listenForShortcuts } from "./shortcuts";

/** The site's one playback (playback.ts), loaded when the bar is first used: a page that plays nothing needs none. */
const playback = () => import("./playback");
const QueuePanel = lazy(() => import("./QueuePanel").then((module) => ({ default: module.QueuePanel })));
/** A track page's address (public-addresses.ts trackPath): the bar's item links to it. */
const TRACK_PATH = /^\/track\/([^/?#]+)/;
const ShortcutsHelp = lazy(() => import("./ShortcutsHelp").then((module) => ({ default: module.ShortcutsHelp })));

/**
 * The player bar (issue 40 A), as shown once there is something to show (PlayerBar.tsx): at the foot of every page once something has played, and kept across client-side
 * navigations (Base.astro persists the island), so the sound goes on while the listener browses. It shows the one
 * playback: cover, title linked to its track, artist to their page, play/pause, previous/next, a seekable position
 * with the elapsed and total time, and the volume. After a reload it shows the last track where it was, paused.
 */
export function PlayerBarView({ item }: { item: PlayItem }) {
  const { state, position } = useIslandStore($playback);
  const volume = useIslandStore($volume);
  const queue = useIslandStore($queue);
  const source = useIslandStore($queueSource);
  const repeat = useIslandStore($repeat);
  // Repeat all starts the played items over once the queue is through.
  const queued = queue.length > 0 || !!source?.more || repeat === "all";
  const [queueOpen, setQueueOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => listenForShortcuts(() => setHelpOpen(true)), []);
  const help = helpOpen && (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
  const playing = state === "playing" || state === "loading";
  // The heart is the track's, whatever of it plays (the track, one of its stems, or its synced stems).
  const trackId = TRACK_PATH.exec(item.href)?.[1] ?? null;
  const duration = item.duration;
  return (
    <>
      <div className="player-bar-space" />
      <section className="player-bar" aria-label="Player" data-state={state}>
        {item.artworkUrl ? (
          <img className="player-bar-cover" src={item.artworkUrl} alt="" width={48} height={48} />
        ) : (
          <span className="player-bar-cover player-bar-cover-none" aria-hidden="true">
            ♪
          </span>
        )}
        <div className="player-bar-info">
          <a className="player-bar-title" href={item.href}>
            {item.title}
          </a>
          {item.artistHref ? (
            <a className="player-bar-artist" href={item.artistHref}>
              {item.artist}
            </a>
          ) : (
            <span className="player-bar-artist">{item.artist}</span>
          )}
        </div>
        {trackId && <LikeButton trackId={trackId} likeCount={0} ask />}
        <div className="player-bar-buttons">
          <button
            type="button"
            className="player-bar-button"
            aria-label="Previous"
            title="Previous"
            onClick={() => void playback().then((engine) => engine.previous())}
          >
            <span aria-hidden="true">⏮</span>
          </button>
          <button
            type="button"
            className="player-bar-button player-bar-play"
            aria-label={playing ? "Pause" : "Play"}
            title={playing ? "Pause" : "Play"}
            onClick={() => void playback().then((engine) => engine.toggle())}
          >
            <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
          </button>
          <button
            type="button"
            className="player-bar-button"
            aria-label="Next"
            title={queued ? "Next" : "Nothing is queued"}
            disabled={!queued}
            onClick={() => void playback().then((engine) => engine.next())}
          >
            <span aria-hidden="true">⏭</span>
          </button>
        </div>
        <div className="player-bar-progress">
          <span className="player-bar-time">{formatDuration(position)}</span>
          <input
            type="range"
            aria-label="Playback position"
            min={0}
            max={Math.max(1, Math.round(duration))}
            step={1}
            value={Math.min(Math.round(position), Math.round(duration))}
            aria-valuetext={`${formatDuration(position)} of ${formatDuration(duration)}`}
            onChange={(event) => {
              const seconds = Number(event.currentTarget.value);
              void playback().then((engine) => engine.seek(seconds));
            }}
          />
          <span className="player-bar-time">{formatDuration(duration)}</span>
        </div>
        <input
          className="player-bar-volume"
          type="range"
          aria-label="Volume"
          min={0}
          max={1}
          step={0.05}
          value={volume}
          onChange={(event) => {
            const level = Number(event.currentTarget.value);
            void playback().then((engine) => engine.setVolume(level));
          }}
        />
        <button
          type="button"
          className="player-bar-button player-bar-queue"
          aria-label="Queue"
          title="Queue"
          aria-expanded={queueOpen}
          aria-controls="player-queue"
          onClick={() => setQueueOpen(!queueOpen)}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </section>
      {queueOpen && (
        <Suspense fallback={null}>
          <QueuePanel id="player-queue" />
        </Suspense>
      )}
      {help}
    </>
  );
}
