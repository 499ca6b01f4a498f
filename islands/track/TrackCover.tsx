import type { TrackDetails } from "../../modules/tracks/model";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import { CoverPlaceholder } from "./CoverPlaceholder";

/** The header's cover as rendered: the picture, or a placeholder (saying so while it is still being processed). */
export function TrackCover({ track, coverUrl }: { track: Pick<TrackDetails, "title" | "coverArt">; coverUrl: string | null }) {
  const processing = isProcessingUrl(track.coverArt);
  if (!coverUrl || processing) return <CoverPlaceholder processing={processing} />;
  return <img className="track-cover" src={coverUrl} alt={`Cover art of ${track.title}`} width={192} height={192} />;
}
