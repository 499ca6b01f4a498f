import { formatDuration } from "../lib/format";
import { useLatestTrack } from "./live-track";

/** The header's Duration: as rendered, then as read again once processing ended or a studio change landed. */
export default function LiveDuration({ trackId, base }: { trackId: string; base: number | null }) {
  return <>{formatDuration(useLatestTrack(trackId)?.details.duration ?? base)}</>;
}
