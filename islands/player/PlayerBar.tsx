import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { $nowPlaying, $playback, $volume } from "./now-playing";
import "./player-bar.css";

/** The site's one playback (playback.ts), loaded when the bar is first used: a page that plays nothing needs none. */
const playback = () => import("./playback");
/** Previous restarts the track once this far in (issue 40 B). */
const RESTART_AFTER_SECONDS = 3;

/**
 * The player bar (issue 40 A): at the foot of every page once something has played, and kept across client-side
 * navigations (Base.astro persists the island), so the sound goes on while the listener browses. It shows the one
 * playback: cover, title linked to its track, artist to their page, play/pause, previous/next, a seekable position
 * with the elapsed and total time, and the volume. After a reload it shows the last track where it was, paused.
 */
export default function PlayerBar() {
  const item = useIslandStore($nowPlaying);
  const { state, position } = useIslandStore($playback);
  const volume = useIslandStore($volume);
  if (!item) return null;
  const playing = state === "playing" || state === "loading";
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
        <div className="player-bar-buttons">
          <button
            type="button"
            className="player-bar-button"
            aria-label="Previous"
            title="Previous"
            onClick={() => void playback().then((engine) => position > RESTART_AFTER_SECONDS && engine.seek(0))}
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
          <button type="button" className="player-bar-button" aria-label="Next" title="Nothing is queued" disabled>
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
      </section>
    </>
  );
}
