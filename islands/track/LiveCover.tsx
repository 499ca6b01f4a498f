import { isProcessingUrl } from "../../src/shared/processing-marker";
import { CoverPlaceholder } from "./CoverPlaceholder";
import { useLatestTrack } from "./live-track";

/**
 * The header's cover when it was still being processed as the page rendered: the placeholder, then the cover once the
 * track read again has it (ProcessingWatcher), in place. A public track's page only, so its URL needs no token.
 */
export default function LiveCover({ trackId, title }: { trackId: string; title: string }) {
  const coverArt = useLatestTrack(trackId)?.details.coverArt;
  if (coverArt === undefined || isProcessingUrl(coverArt)) return <CoverPlaceholder processing />;
  if (coverArt === null) return <CoverPlaceholder processing={false} />;
  return <img className="track-cover" src={coverArt} alt={`Cover art of ${title}`} width={192} height={192} />;
}
