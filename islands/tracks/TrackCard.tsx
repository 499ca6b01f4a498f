import { useEffect, useRef, useState } from "react";
import type { TrackListItem } from "../../modules/tracks/model";
import { DELETED_USER } from "../../src/shared/artists";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { artistPath, genrePath, uploaderPath } from "../../src/shared/public-addresses";
import { formatDuration, formatReleaseDate } from "../lib/format";
import { LikeButton } from "../likes/LikeButton";
import { useMediaUrl } from "../player/media-url";
import Player from "../player/Player";
import { WaveformSvg } from "../player/WaveformSvg";
import { WAVEFORM_HEIGHTS } from "../player/waveform-style";
import { ActivityBars } from "./ActivityBars";
import { CardIcon } from "./CardIcons";
import { LicenseTooltip } from "./LicenseTooltip";
import { coverUrlOf } from "./play-items";
import { TrackBadges } from "./TrackBadges";

export interface CardSelection {
  selected: boolean;
  /** The click's shift key decides between toggling one card and a range (SPEC §4). */
  onToggle: (shift: boolean) => void;
}

/** SPEC §2 track card. `viewerId` marks own tracks; `onDelete` shows the actions menu (own tracks only). */
export function TrackCard({
  track,
  viewerId,
  selection,
  onDelete,
}: {
  track: TrackListItem;
  viewerId: string | null;
  selection?: CardSelection;
  onDelete?: (track: TrackListItem) => void;
}) {
  const isOwner = viewerId !== null && viewerId === track.userId;
  const releaseDate = formatReleaseDate(track.releaseDate, track.releaseDatePrecision ?? "DAY");
  return (
    <article className={selection?.selected ? "track-card selected" : "track-card"} aria-label={track.title}>
      <div className="card-top">
        {selection && (
          <input
            type="checkbox"
            className="card-select"
            aria-label={`Select ${track.title}`}
            checked={selection.selected}
            // The change comes from a click, which carries the shift key.
            onChange={(event) => selection.onToggle((event.nativeEvent as MouseEvent).shiftKey === true)}
          />
        )}
        <CoverArt track={track} />
        <div className="card-heading">
          {/* Titles on the cut lines: pointing shows the whole name. */}
          <a href={`/track/${track.id}`} className="card-title" title={track.title}>
            {track.title}
          </a>
          <span className="card-artist" title={track.primaryArtistName}>
            {track.primaryArtistName}
          </span>
          <span className="card-duration">{formatDuration(track.duration)}</span>
        </div>
        {isOwner && onDelete && <ActionsMenu title={track.title} onDelete={() => onDelete(track)} />}
      </div>
      <div className="card-meta">
        <ActivityBars plays={track.totalPlays} downloads={track.totalDownloads} />
        <LikeButton trackId={track.id} likeCount={track.likeCount} count />
        {releaseDate && <span className="card-release">{releaseDate}</span>}
        <LicenseTooltip licenseId={track.licenseId} licenseType={track.licenseType} isOwner={isOwner} />
        <span
          className="card-icon"
          role="img"
          aria-label={track.isPublic ? "Public" : "Private"}
          title={track.isPublic ? "Public" : "Private"}
        >
          <CardIcon name={track.isPublic ? "public" : "private"} />
        </span>
        <OwnershipIcon isOwner={isOwner} username={track.user?.username ?? ""} />
      </div>
      <div className="card-badges">
        <TrackBadges track={track} as="span" />
        {track.genreNames.map((genre) => (
          <a key={genre} className="card-genre" href={genrePath(genre)} title={`#${genre}`}>
            #{genre}
          </a>
        ))}
      </div>
      <CardWaveform track={track} />
    </article>
  );
}

/** The cover's URL once it exists (not while it is being processed). */

function CoverArt({ track }: { track: TrackListItem }) {
  const src = useMediaUrl(coverUrlOf(track), track.isPublic);
  if (!track.coverArt || isProcessingUrl(track.coverArt) || !src)
    return (
      <span
        className="card-cover card-cover-placeholder"
        role="img"
        aria-label={track.coverArt ? "Cover art processing" : "No cover art"}
      >
        <CardIcon name="image" size={28} />
      </span>
    );
  return <img className="card-cover" src={src} alt={`Cover art of ${track.title}`} loading="lazy" />;
}

/** Whose track it is: the viewer's own, or a link to the uploader's page (a deleted account's links nowhere). */
function OwnershipIcon({ isOwner, username }: { isOwner: boolean; username: string }) {
  const text = isOwner ? "You uploaded this track" : `Uploaded by ${username}`;
  if (isOwner || username === DELETED_USER)
    return (
      <span className={isOwner ? "card-icon card-icon-own" : "card-icon"} role="img" aria-label={text} title={text}>
        <CardIcon name={isOwner ? "own" : "uploader"} />
      </span>
    );
  return (
    <a className="card-icon" href={artistPath(username)} aria-label={text} title={text}>
      <CardIcon name="uploader" />
    </a>
  );
}

/** 'Processing audio...' until the audio is ready, then the player at list height (SPEC §4, §9). */
function CardWaveform({ track }: { track: TrackListItem }) {
  const artworkUrl = useMediaUrl(coverUrlOf(track), track.isPublic);
  if (isProcessingUrl(track.originalUrl)) return <p className="card-processing">Processing audio...</p>;
  const peaks = track.waveformData ?? [];
  if (!track.fullTrackMp3Url || track.duration === null)
    return peaks.length ? <WaveformSvg peaks={peaks} height={WAVEFORM_HEIGHTS.list} /> : null;
  return (
    <Player
      playerId={`track:${track.id}`}
      src={track.fullTrackMp3Url}
      peaks={peaks}
      duration={track.duration}
      height={WAVEFORM_HEIGHTS.list}
      title={track.title}
      artist={track.primaryArtistName}
      artistHref={uploaderPath(track.user?.username)}
      artworkUrl={artworkUrl}
      playTarget={{ trackId: track.id, playbackSource: "STREAM" }}
      isPublic={track.isPublic}
      loudness={track}
      queueControls
    />
  );
}

/** The ⋯ menu of an own track; closes on outside press and Escape. */
function ActionsMenu({ title, onDelete }: { title: string; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);
  return (
    <div className="menu card-menu" ref={ref}>
      <button
        type="button"
        className="menu-button"
        aria-label={`Actions for ${title}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <div className="menu-panel" role="menu">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
          >
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
