import { type FormEvent, lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import type { StemDetails, TrackDetails } from "../../modules/tracks/model";
import { MAX_STEMS, STEMS_NEED_WAV_OR_FLAC, TOO_MANY_STEMS, takesStems } from "../../src/shared/upload-rules";
import { api, fresh, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { clearResumable } from "../lib/resumable";
import { useIslandStore } from "../lib/use-island-store";
import { processingWatched } from "../track/live-track";
import { showTrack } from "../track/page-props";
import type { StemsSectionProps } from "../track/StemsSection";
import { ResumableProgress } from "../upload/ResumableProgress";
import { pollTrack, STUDIO_POLL_MS } from "./poll";
import { StemEditor } from "./StemEditor";
import { addStem, editStem, removeStem, replaceAudio } from "./studio-actions";
import { TypeSelect } from "./TypeSelect";
import "./forks.css";

// Loaded only once a track whose page was rendered without stems gains its first (OwnerStudio's `stemsSection`).
const StemsSection = lazy(() => import("../track/StemsSection"));

/**
 * After a change the track is read again and shown in place (track/live-track.ts), so every player, waveform,
 * duration and download shows the new audio without a reload (a comment being typed stays).
 */
const refresh = (trackId: string) =>
  reply(api.track({ id: trackId }).get(fresh())).then(showTrack, (error) => console.warn("Could not read the track", error));

/** What the studio is doing, said to the user while its controls wait; null when they are live. */
type Busy = string | null;
type Run = (doing: string, work: () => Promise<boolean>) => void;

/**
 * While the track is processing (a change just made, its stems' MP3s, a regenerated mix) the server refuses
 * studio changes, so none is offered: the studio says it is waiting and, once the track is ready, shows it.
 */
function useProcessingWait(track: TrackDetails): boolean {
  const pending = track.processingStatus === "PENDING";
  useEffect(() => {
    // The page's processing watcher shows the track once it is done (the studio is given it): a second reader
    // would only read it again on every stem's event.
    if (!pending || processingWatched(track.id)) return;
    let current = true;
    void pollTrack(track.id, STUDIO_POLL_MS, (latest) => latest.processingStatus !== "PENDING").then(
      (latest) => current && latest && showTrack(latest),
    );
    return () => {
      current = false;
    };
  }, [pending, track.id]);
  return pending;
}

function AddStem({ track, busy, run }: { track: TrackDetails; busy: boolean; run: Run }) {
  const [name, setName] = useState("");
  const [type, setType] = useState("audio");
  const [file, setFile] = useState<File | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run("Adding the stem...", () => addStem(track.id, name.trim(), type, file));
  };
  return (
    <form className="studio-row" onSubmit={submit} aria-label="Add stem">
      <input aria-label="Stem name" placeholder="Stem name" required value={name} onChange={(e) => setName(e.target.value)} />
      <TypeSelect value={type} onChange={setType} />
      <input aria-label="Stem file" type="file" accept=".mp3,.wav,.flac" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <button type="submit" className="button button-small" disabled={busy || !name.trim()}>
        Add Stem
      </button>
    </form>
  );
}

/** Why no stem can be added, or null when one can (the server's own words, SPEC §5/§9). */
const noMoreStems = (track: TrackDetails): string | null =>
  !takesStems(track.originalFormat) ? STEMS_NEED_WAV_OR_FLAC : track.stems.length >= MAX_STEMS ? TOO_MANY_STEMS : null;

/** The track page's "Edit Stems" link points here; the studio loads late, so it brings itself into view. */
const STUDIO_ANCHOR = "studio";
function useScrolledTo(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (window.location.hash === `#${STUDIO_ANCHOR}`) ref.current?.scrollIntoView({ block: "start" });
  }, [ref]);
}

/**
 * SPEC §4/§6: the track's owner adds, edits and removes its stems; on a fork also replaces its audio (the
 * full track's, a stem's). An original's full track is the master as uploaded (issue 37): its stems change,
 * its audio does not. Shown only to the owner; the server refuses everyone else. `gainedStems`: the stems section
 * of a page rendered without one, once the studio gave the track a stem, shown above the studio.
 */
export default function Studio({ track, gainedStems }: { track: TrackDetails; gainedStems?: StemsSectionProps }) {
  const auth = useIslandStore($auth);
  const [doing, setDoing] = useState<Busy>(null);
  const processing = useProcessingWait(track);
  const section = useRef<HTMLElement>(null);
  useScrolledTo(section);
  if (auth.status !== "signed-in" || auth.user.id !== track.userId) return null;
  const run: Run = (label, work) => {
    clearResumable();
    setDoing(label);
    void work().then(async (done) => {
      if (done) await refresh(track.id);
      setDoing(null);
    });
  };
  const busy = doing !== null || processing;
  const cannotAdd = noMoreStems(track);
  return (
    <>
      {gainedStems && (
        <Suspense fallback={null}>
          <StemsSection {...gainedStems} />
        </Suspense>
      )}
      <section className="studio" aria-label="Studio" id={STUDIO_ANCHOR} ref={section}>
        <h2>Studio</h2>
        {!track.isFork && <p className="fork-meta">Add, rename or remove stems. The full track stays as you uploaded it.</p>}
        {busy && (
          <p className="studio-busy" role="status">
            {doing ?? "Processing the last change... the studio is ready again in a moment."}
          </p>
        )}
        {doing && <ResumableProgress />}
        {track.isFork && (
          <label className="studio-row">
            Replace audio (.wav or .flac, up to 50MB)
            <input
              aria-label="Replacement audio"
              type="file"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) run("Replacing the audio...", () => replaceAudio(track, file));
              }}
            />
          </label>
        )}
        <ul className="studio-stems">
          {track.stems.map((stem: StemDetails) => (
            <StemEditor
              // Keyed by what the server says of the stem too: once a change of it is shown, its row starts afresh.
              key={`${stem.id}:${stem.name}:${stem.type}:${stem.originalFormat}:${stem.duration}`}
              stem={stem}
              busy={busy}
              remixes={track.isFork}
              onSave={(name, type, file) => run("Saving the stem...", () => editStem(track.id, stem.id, name, type, file))}
              onRemove={() => run("Removing the stem...", () => removeStem(track, stem.id))}
            />
          ))}
        </ul>
        {cannotAdd ? <p className="fork-meta">{cannotAdd}</p> : <AddStem track={track} busy={busy} run={run} />}
      </section>
    </>
  );
}
