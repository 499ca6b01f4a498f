import { useCallback, useEffect, useState } from "react";
import type { TrackDetails } from "../../modules/tracks/model";
import { useLicenses } from "../form/use-licenses";
import { ApiError, api, fresh, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { PageGuard } from "../shell/PageGuard";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { forkLicenseNote, formFromTrack, licensesFor } from "./edit-form";
import { TrackEditForm } from "./TrackEditForm";
import "../upload/upload.css";
import "./track-edit.css";
import { goTo } from "../lib/go-to";
import { useIslandStore } from "../lib/use-island-store";

type TrackState = { status: "loading" } | { status: "ready"; track: TrackDetails } | { status: "missing" } | { status: "failed" };

/** GET /api/track/{id}; a 404 (unknown, or private to someone else) reads as 'Track not found'. */
function useTrack(trackId: string): [TrackState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TrackState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    reply(api.track({ id: trackId }).get(fresh(attempt > 0))).then(
      (track) => live && setState({ status: "ready", track }),
      (error) => {
        console.error("Failed to load the track", error);
        if (live) setState({ status: error instanceof ApiError && error.status === 404 ? "missing" : "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [trackId, attempt]);
  return [state, useCallback(() => setAttempt((n) => n + 1), [])];
}

const trackPage = (trackId: string) => `/track/${encodeURIComponent(trackId)}`;

/** After save or cancel, the track page (SPEC §2). */
function goToTrack(trackId: string) {
  goTo(trackPage(trackId));
}

function TrackEdit({ trackId }: { trackId: string }) {
  const auth = useIslandStore($auth);
  const [track, retryTrack] = useTrack(trackId);
  const licenses = useLicenses();

  if (track.status === "missing") return <ErrorView message="Track not found" />;
  // Only the owner edits here (SPEC §2); anyone else is told what a stranger would be told.
  if (track.status === "ready" && auth.status === "signed-in" && track.track.userId !== auth.user.id)
    return <ErrorView message="Track not found" />;
  if (track.status === "failed") return <ErrorView message="Failed to load track details" onRetry={retryTrack} />;
  if (licenses.status === "error") return <ErrorView message={licenses.message} onRetry={licenses.retry} />;
  if (track.status === "loading" || licenses.status === "loading") return <Loading />;
  return (
    <>
      <p className="track-edit-lead">
        Editing <a href={trackPage(trackId)}>{track.track.title}</a> by {track.track.primaryArtistName}
      </p>
      {/* Stems are not Track Info: they change in the studio on the track page, without a re-upload. */}
      <p className="track-edit-lead">
        Stems are added, renamed and removed on the track page: <a href={`${trackPage(trackId)}#studio`}>Edit Stems</a>
      </p>
      <TrackEditForm
        trackId={trackId}
        initial={formFromTrack(track.track)}
        licenses={licensesFor(track.track, licenses.licenses)}
        licenseNote={forkLicenseNote(track.track)}
        onSaved={() => goToTrack(trackId)}
        onCancel={() => goToTrack(trackId)}
      />
    </>
  );
}

/** The 'Track Info' screen, /track/{id}/edit (SPEC §2): signed-in only, the owner's form. */
export default function TrackEditPage({ trackId }: { trackId: string }) {
  return (
    <PageGuard require="user">
      <div className="track-edit">
        <h1>Track Info</h1>
        <TrackEdit trackId={trackId} />
      </div>
    </PageGuard>
  );
}
