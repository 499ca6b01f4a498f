import { CoverPlaceholder } from "./CoverPlaceholder";
import { useLatestTrack } from "./live-track";
import { TrackCover } from "./TrackCover";

/**
 * The header's cover when it was still being processed as the page rendered: the placeholder, then the cover once the
 * track read again has it (ProcessingWatcher), in place. A public track's page only, so its URL needs no token.
 */
export default function LiveCover({ trackId, title }: { trackId: string; title: string }) {
  const coverArt = useLatestTrack(trackId)?.details.coverArt;
  if (coverArt === undefined) return <CoverPlaceholder processing />;
  return <TrackCover track={{ title, coverArt }} coverUrl={coverArt} />;
}
