import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { MeasuredLoudness } from "../../src/shared/loudness";
import { decodeWaveform } from "../../src/shared/waveform-code";
import type { ForkSource } from "../forks/ForkWithMix";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { $nowPlaying } from "../player/now-playing";
import Player from "../player/Player";
import AllStemsDownload from "./AllStemsDownload";
import Downloads from "./Downloads";
import { useLatestTrack } from "./live-track";
import type { PageStem } from "./page-props";
import { useIsPublic } from "./visibility";

// Sync mode's mixer loads when it is first chosen: the page opens in preview.
const SyncedStems = lazy(() => import("../player/SyncedStems").then((module) => ({ default: module.SyncedStems })));

type Stem = PageStem & { waveformData: number[] | null };
type PlayableStem = Stem & { duration: number; waveformData: number[]; mp3Url: string };

const isPlayable = (stem: Stem): stem is PlayableStem =>
  stem.duration !== null && stem.duration > 0 && !!stem.waveformData?.length && !!stem.mp3Url;

/** A pair of pressed/unpressed buttons: the section's two toggles. */
function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: [T, string][];
  value: T;
  onChange: (next: T) => void;
}) {
  return (
    <fieldset className="segmented js-only">
      <legend className="visually-hidden">{label}</legend>
      {options.map(([option, text]) => (
        <button key={option} type="button" aria-pressed={value === option} onClick={() => onChange(option)}>
          {text}
        </button>
      ))}
    </fieldset>
  );
}

export interface StemsSectionProps {
  trackId: string;
  /** The track's title, artist, artist's page and cover, for the player bar. */
  title: string;
  artist: string;
  artistHref: string | null;
  artworkUrl: string | null;
  stems: PageStem[];
  isPublic: boolean;
  /** For sync mode's "Fork with this mix". */
  forkSource: ForkSource;
  /** The track's measured loudness, which its stems are matched with (src/shared/loudness.ts). */
  loudness: MeasuredLoudness;
}

/**
 * The stems section (SPEC §2): grid or list, and preview (each stem its own player) or sync (all
 * stems on one clock). Waveforms are 48 px high in the grid and 64 px in the list. The stems as read again since
 * the page rendered (processing ended, a studio change) replace the rendered ones in place; a track left without
 * stems (its owner removed the last in the studio) shows no section, as its page would.
 */
export default function StemsSection({
  trackId,
  title,
  artist,
  artistHref,
  artworkUrl,
  stems: renderedStems,
  isPublic: loadedPublic,
  forkSource,
  loudness: renderedLoudness,
}: StemsSectionProps) {
  const latest = useLatestTrack(trackId);
  const pageStems = latest?.stems ?? renderedStems;
  const loudness = latest?.track ?? renderedLoudness;
  // Decoded once: the players need the same arrays from render to render.
  const stems = useMemo(
    () => pageStems.map((stem) => ({ ...stem, waveformData: stem.waveform ? decodeWaveform(stem.waveform) : null })),
    [pageStems],
  );
  const isPublic = useIsPublic(trackId, loadedPublic);
  const [layout, setLayout] = useState<"grid" | "list">("grid");
  const [mode, setMode] = useState<"preview" | "sync">("preview");
  // The set playing in the player bar since the listener left this page: the page opens on it again, mix and all.
  const setInBar = useIslandStore($nowPlaying)?.key === `stems:${trackId}`;
  useEffect(() => {
    if (setInBar) setMode("sync");
  }, [setInBar]);
  const height = layout === "grid" ? 48 : 64;
  // The same array from render to render: sync mode loads its stems anew whenever it changes.
  const playable = useMemo(() => stems.filter(isPlayable), [stems]);
  if (stems.length === 0) return null;

  return (
    <section className="stems-section" aria-labelledby="stems-heading">
      <div className="stems-toolbar">
        <h2 id="stems-heading">Stems ({stems.length})</h2>
        <Toggle
          label="Layout"
          options={[
            ["grid", "Grid"],
            ["list", "List"],
          ]}
          value={layout}
          onChange={setLayout}
        />
        <Toggle
          label="Playback mode"
          options={[
            ["preview", "Preview"],
            ["sync", "Sync"],
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>
      <AllStemsDownload trackId={trackId} stems={pageStems} />
      {mode === "sync" ? (
        <Suspense fallback={null}>
          <SyncedStems
            trackId={trackId}
            title={title}
            artist={artist}
            artistHref={artistHref}
            artworkUrl={artworkUrl}
            stems={playable}
            height={height}
            isPublic={isPublic}
            forkSource={forkSource}
            loudness={loudness}
          />
        </Suspense>
      ) : (
        <ul className={`stem-rows stem-rows-${layout}`}>
          {stems.map((stem) => (
            <li key={stem.id} className="stem-row" aria-label={stem.name}>
              <div className="stem-row-head">
                <strong>{stem.name}</strong>
                <span className="stem-type">{stem.type}</span>
                <span className="stem-duration">{formatDuration(stem.duration)}</span>
              </div>
              {isPlayable(stem) ? (
                <Player
                  key={stem.mp3Url}
                  playerId={`stem:${stem.id}`}
                  src={stem.mp3Url}
                  peaks={stem.waveformData}
                  duration={stem.duration}
                  height={height}
                  title={stem.name}
                  artist={artist}
                  artistHref={artistHref}
                  artworkUrl={artworkUrl}
                  playTarget={{ trackId, stemId: stem.id, playbackSource: "STREAM" }}
                  isPublic={isPublic}
                  loudness={loudness}
                />
              ) : stem.processingStatus === "FAILED" ? (
                <p className="processing-note">This stem could not be processed.</p>
              ) : (
                <p className="processing-note">Processing audio...</p>
              )}
              <Downloads
                target={{ trackId, stemId: stem.id }}
                label={stem.name}
                wavReady={!!stem.wavUrl}
                flacReady={!!stem.flacUrl}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
