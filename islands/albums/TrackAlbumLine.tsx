import { useEffect, useState } from "react";
import type { TrackAlbum } from "../../modules/albums/model";
import { albumPath } from "../../src/shared/public-addresses";
import { api, reply } from "../lib/api";
import "./track-album.css";

/**
 * The track page's "Track 3 of 8 on Tidal Memory", linking the album: asked for as the reader sees it (the album and
 * its tracks they may see), so the page kept for every visitor stays the same whatever albums change. Nothing shows
 * for a track on no album, or on one the reader may not see.
 */
export default function TrackAlbumLine({ trackId }: { trackId: string }) {
  const [album, setAlbum] = useState<TrackAlbum["album"]>(null);
  useEffect(() => {
    let current = true;
    reply(api.track({ id: trackId }).album.get()).then(
      (found) => current && setAlbum(found.album),
      // The line is an extra: a failed read leaves the page as it is.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [trackId]);
  if (!album) return null;
  return (
    <p className="track-album">
      Track {album.position} of {album.trackCount} on <a href={albumPath(album.id)}>{album.title}</a>
    </p>
  );
}
