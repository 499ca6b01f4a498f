import { useCallback, useEffect, useState } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { api } from "../lib/api";
import { useMediaUrl } from "../player/media-url";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import FullTrack from "./FullTrack";
import OwnerControls from "./OwnerControls";
import OwnerSharing from "./OwnerSharing";
import PlaysCount from "./PlaysCount";
import { PROCESSING_POLL_MS, stillProcessing } from "./ProcessingWatcher";
import { isProcessingUrl } from "./processing-url";
import StemsSection from "./StemsSection";
import { TrackHeader } from "./TrackHeader";

/**
 * The track page for a track the server would not render for an anonymous request (private, or not
 * found): the browser asks GET /api/track/{id} with the stored token and renders the same sections.
 * While processing it polls every 3 s (fresh) and re-renders when done.
 */
export default function TrackShell({ trackId }: { trackId: string }) {
  const [track, setTrack] = useState<TrackDetails | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    (fresh: boolean) =>
      api
        .get<TrackDetails>(`/track/${trackId}`, { fresh })
        .then((loaded) => {
          setTrack(loaded);
          setFailed(false);
          document.title = `${loaded.title} · Stemma`;
        })
        .catch(() => setFailed(true)),
    [trackId],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const processing = track !== null && stillProcessing(track);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void load(true), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, load]);

  const coverArt = track?.coverArt && !isProcessingUrl(track.coverArt) ? track.coverArt : null;
  const coverUrl = useMediaUrl(coverArt, track?.isPublic ?? false);
  if (failed) return <ErrorView message="Failed to load track details" onRetry={() => void load(true)} />;
  if (!track) return <Loading />;
  return (
    <article className="track-page">
      <TrackHeader track={track} coverUrl={coverUrl} plays={<PlaysCount trackId={track.id} plays={track.totalPlays} />}>
        <OwnerControls
          trackId={track.id}
          ownerId={track.userId}
          username={track.user?.username ?? ""}
          isPublic={track.isPublic}
        />
      </TrackHeader>
      {/* Keyed by the audio URL: a finished processing run mounts a fresh player. */}
      <FullTrack key={track.originalUrl} track={track} artworkUrl={coverUrl} />
      {track.stems.length > 0 && (
        <StemsSection trackId={track.id} artist={track.primaryArtistName} stems={track.stems} isPublic={track.isPublic} />
      )}
      <OwnerSharing trackId={track.id} ownerId={track.userId} sharedWith={track.sharedWith} />
    </article>
  );
}
