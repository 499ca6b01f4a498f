import type { TrackListItem } from "../../modules/tracks/model";
import { PlayAll } from "../tracks/PlayAll";

/** The album page's "Play all": its tracks in album order through the queue, named after the album. */
export default function AlbumPlayAll({ tracks, title }: { tracks: TrackListItem[]; title: string }) {
  return <PlayAll tracks={tracks} nextCursor={null} readAfter={null} label={title} />;
}
