import type { TrackDetails } from "../../modules/tracks/model";
import { genrePath } from "../../src/shared/public-addresses";
import { formatDuration, formatReleaseDate } from "../lib/format";
import { ArtistLink } from "../profiles/ArtistLink";
import { TrackBadges } from "../tracks/TrackBadges";
import { TrackCover } from "./TrackCover";

/**
 * The track page header (SPEC §2): rendered to plain HTML on the server (no JavaScript) and reused by
 * the client-side shell for tracks only signed-in viewers may see. `children` carry the uploader line
 * or, for the owner, their controls (the OwnerControls island); `plays`, `downloads` and `likes` the live figures;
 * `like` the heart and `share` the Share menu, beside the title.
 */
export function TrackHeader({
  track,
  coverUrl,
  plays,
  downloads,
  likes,
  like,
  share,
  duration,
  cover,
  children,
}: {
  track: TrackDetails;
  /** The cover art URL as the browser may load it (with a token for private tracks). */
  coverUrl: string | null;
  /** The Plays figure as a live island (LiveCount), which rises when this page records a play. */
  plays?: React.ReactNode;
  /** The Downloads figure as a live island (LiveCount), which rises when this page starts a download. */
  downloads?: React.ReactNode;
  /** The Likes figure as a live island (LikeCount), which follows a like on this page. */
  likes?: React.ReactNode;
  /** The heart (LikeButton): like or unlike, or log in to. */
  like?: React.ReactNode;
  /** The Share menu (ShareMenu), for a track others can open and embed. */
  share?: React.ReactNode;
  /** The Duration figure as a live island (LiveDuration), which follows the audio read again in place. */
  duration?: React.ReactNode;
  /**
   * The cover as the page renders it: a live island (LiveCover) while it is still being processed, else TrackCover.
   * Astro passes a named slot even when what fills it rendered nothing, so the page fills it either way.
   */
  cover?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const releaseDate = formatReleaseDate(track.releaseDate, track.releaseDatePrecision ?? "DAY");
  return (
    <header className="track-header">
      {cover ?? <TrackCover track={track} coverUrl={coverUrl} />}
      <div className="track-meta">
        <div className="track-title-row">
          <h1 className="track-title">{track.title}</h1>
          {like}
          {share}
        </div>
        <p className="track-artist">{track.primaryArtistName}</p>
        {children ?? (
          <p className="track-uploader">
            Uploaded by <ArtistLink username={track.user?.username ?? ""} />
          </p>
        )}
        <dl className="track-facts">
          <div>
            <dt>Duration</dt>
            <dd>{duration ?? formatDuration(track.duration)}</dd>
          </div>
          <div>
            <dt>Plays</dt>
            <dd>{plays ?? track.totalPlays}</dd>
          </div>
          <div>
            <dt>Downloads</dt>
            <dd>{downloads ?? track.totalDownloads}</dd>
          </div>
          <div>
            <dt>Likes</dt>
            <dd>{likes ?? track.likeCount}</dd>
          </div>
          {releaseDate && (
            <div>
              <dt>Released</dt>
              <dd>{releaseDate}</dd>
            </div>
          )}
        </dl>
        <ul className="track-badges" aria-label="Details">
          <TrackBadges track={track} as="li" />
        </ul>
        {track.genreNames.length > 0 && (
          <ul className="track-genres" aria-label="Genres">
            {track.genreNames.map((genre) => (
              <li key={genre}>
                <a href={genrePath(genre)}>#{genre}</a>
              </li>
            ))}
          </ul>
        )}
        {track.description && <p className="track-description">{track.description}</p>}
        {/* Where a fork comes from is told by the fork panel (islands/forks), which names only ancestors the viewer may see. */}
        {track.forkCount > 0 && <p className="track-forks">{`${track.forkCount} ${track.forkCount === 1 ? "fork" : "forks"}`}</p>}
      </div>
    </header>
  );
}
