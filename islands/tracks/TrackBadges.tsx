import type { TrackListItem } from "../../modules/tracks/model";

/**
 * A track's format, tempo, key and explicit badges, on its card and its page alike: `as` is the element each
 * badge is (list items on the page, spans among a card's genres).
 */
export function TrackBadges({
  track,
  as: Badge,
}: {
  track: Pick<TrackListItem, "originalFormat" | "bpm" | "key" | "isExplicit">;
  as: "li" | "span";
}) {
  return (
    <>
      <Badge className="track-badge" title="Track format">
        {track.originalFormat.toUpperCase()}
      </Badge>
      {track.bpm !== null && (
        <Badge className="track-badge" title="Tempo (BPM)">
          {track.bpm} BPM
        </Badge>
      )}
      {track.key && (
        <Badge className="track-badge" title="Musical key">
          {track.key}
        </Badge>
      )}
      {track.isExplicit && (
        <Badge className="track-badge track-badge-explicit" title="Contains explicit content">
          Explicit
        </Badge>
      )}
    </>
  );
}
