import { useCallback, useEffect, useState } from "react";
import { isProcessingUrl } from "../../src/shared/processing-marker";
import Comments from "../comments/Comments";
import ForkPanel from "../forks/ForkPanel";
import OwnerStudio from "../forks/OwnerStudio";
import { ApiError, api, fresh, reply } from "../lib/api";
import { onceStreamOpens, onLiveEvent, pollWhileStreamDown, watchTrack } from "../lib/live-events";
import { useMediaUrl } from "../player/media-url";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import FullTrack from "./FullTrack";
import LicenseNote from "./LicenseNote";
import LiveCount from "./LiveCount";
import { useLatestTrack } from "./live-track";
import { ModuleMessage } from "./ModuleMessage";
import OwnerControls from "./OwnerControls";
import OwnerSharing from "./OwnerSharing";
import { PROCESSING_POLL_MS, stillProcessing } from "./ProcessingWatcher";
import { forkSourceOf, showTrack } from "./page-props";
import StemsSection from "./StemsSection";
import { TrackHeader } from "./TrackHeader";

/**
 * The track page for a track the server would not render for an anonymous request (private, or not
 * found): the browser asks GET /api/track/{id} with the stored token and renders the same sections.
 * While processing it re-renders when the event stream says processing or a regeneration ended (asking once more
 * as the stream opens), polling every 3 s (fresh) only while the stream is down. What it read is shown through the
 * page's store of the track as last read (live-track.ts), which the studio's changes update too: never a reload.
 */
export default function TrackShell({ trackId }: { trackId: string }) {
  const latest = useLatestTrack(trackId);
  const track = latest?.details ?? null;
  /** 'gone' when the server says 404 (private to others, deleted or unknown): retrying cannot help. */
  const [failed, setFailed] = useState<false | "gone" | "error">(false);

  const load = useCallback(
    (polling: boolean) =>
      reply(api.track({ id: trackId }).get(fresh(polling)))
        .then((loaded) => {
          showTrack(loaded);
          setFailed(false);
          document.title = `${loaded.title} · Stemma`;
        })
        .catch((error) => setFailed(error instanceof ApiError && error.status === 404 ? "gone" : "error")),
    [trackId],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const processing = track !== null && stillProcessing(track);
  useEffect(() => {
    if (!processing) return;
    const reload = () => void load(true);
    const stops = [
      watchTrack(trackId),
      pollWhileStreamDown(PROCESSING_POLL_MS, reload),
      onLiveEvent("processing", (event) => event.trackId === trackId && reload()),
      onLiveEvent("regeneration", (event) => event.trackId === trackId && reload()),
      onLiveEvent("reset", reload),
      onceStreamOpens(reload),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [processing, load, trackId]);

  const coverArt = track?.coverArt && !isProcessingUrl(track.coverArt) ? track.coverArt : null;
  const coverUrl = useMediaUrl(coverArt, track?.isPublic ?? false);
  if (failed === "gone")
    return (
      <ErrorView message="Failed to load track details">
        <p>This track is private or no longer exists.</p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </ErrorView>
    );
  if (failed) return <ErrorView message="Failed to load track details" onRetry={() => void load(true)} />;
  if (!latest || !track) return <Loading />;
  return (
    <article className="track-page">
      <TrackHeader
        track={track}
        coverUrl={coverUrl}
        plays={<LiveCount trackId={track.id} kind="plays" base={track.totalPlays} />}
        downloads={<LiveCount trackId={track.id} kind="downloads" base={track.totalDownloads} />}
      >
        <OwnerControls
          trackId={track.id}
          ownerId={track.userId}
          username={track.user?.username ?? ""}
          isPublic={track.isPublic}
        />
      </TrackHeader>
      <ForkPanel track={track} />
      <LicenseNote licenseId={track.licenseId} licenseType={track.licenseType} ownerId={track.userId} />
      <FullTrack track={latest.track} artworkUrl={coverUrl} />
      {/* Shown once the track has a stem (the studio may add the first in place). */}
      <StemsSection
        trackId={track.id}
        artist={track.primaryArtistName}
        stems={latest.stems}
        isPublic={track.isPublic}
        forkSource={forkSourceOf(track)}
      />
      <ModuleMessage message={track.moduleMessage} />
      <OwnerStudio trackId={track.id} ownerId={track.userId} track={track} />
      <OwnerSharing trackId={track.id} ownerId={track.userId} sharedWith={track.sharedWith} />
      <Comments trackId={track.id} ownerId={track.userId} />
    </article>
  );
}
