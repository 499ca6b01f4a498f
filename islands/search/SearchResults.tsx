import { useEffect, useState } from "react";
import type { ArtistResult, SearchPage, StemResult } from "../../modules/search/model";
import { api, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { formatCount } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { useLikedAmong } from "../likes/use-liked-among";
import { useMediaUrl } from "../player/media-url";
import { PlayAll } from "../tracks/PlayAll";
import { TrackCard } from "../tracks/TrackCard";
import "../tracks/tracks.css";

/**
 * A stem found, with its track, and its preview played in place (presigned for a signed-in viewer's private ones).
 * A stem its track's forks share is one row: the other tracks having it are counted, not listed.
 */
function StemRow({ stem, signedIn }: { stem: StemResult; signedIn: boolean }) {
  const src = useMediaUrl(stem.previewUrl, !signedIn);
  const facts = [stem.type, stem.bpm ? `${stem.bpm} BPM` : null, stem.key].filter(Boolean).join(" · ");
  return (
    <li className="search-stem">
      <div>
        <strong>{stem.name}</strong> <span className="search-stem-facts">{facts}</span>
        <br />
        from <a href={`/track/${stem.track.id}`}>{stem.track.title}</a> by {stem.track.primaryArtistName}
        {stem.alsoInForks > 0 && <span className="search-stem-facts"> · also in {formatCount(stem.alsoInForks, "fork")}</span>}
      </div>
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: a preview of instrumental audio has no words to caption.
        <audio
          controls
          preload="none"
          src={src}
          aria-label={`Preview of ${stem.name}`}
          // One sound at a time: the player bar's pauses for a preview (and a preview for the bar, playback.ts).
          onPlay={() => void import("../player/playback").then((playback) => playback.pause())}
        />
      ) : (
        <span className="search-stem-facts">{stem.previewUrl ? "Loading preview..." : "No preview yet"}</span>
      )}
    </li>
  );
}

function ArtistRow({ artist }: { artist: ArtistResult }) {
  return (
    <li>
      <a href={`/search?${new URLSearchParams({ q: artist.name })}`}>{artist.name}</a>{" "}
      <span className="search-stem-facts">{formatCount(artist.trackCount, "track")}</span>
    </li>
  );
}

/** What a stems search asks likes about: nothing (the same array every render, so the hook does not ask again). */
const NO_TRACKS: { id: string }[] = [];

/**
 * The results of one search (`query`, the address's own parameters): the server rendered what a visitor finds; a
 * signed-in viewer's own and shared tracks are found too, so with a session the page asks again with it.
 */
export default function SearchResults({ query, initial }: { query: string; initial: SearchPage | null }) {
  const auth = useIslandStore($auth);
  const [page, setPage] = useState<SearchPage | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const signedIn = auth.status === "signed-in";
  useEffect(() => {
    if (!signedIn) return;
    reply(api.search.get({ query: Object.fromEntries(new URLSearchParams(query)) })).then(setPage, (failure: Error) =>
      setError(failure.message),
    );
  }, [signedIn, query]);

  useLikedAmong(page?.type === "tracks" ? page.items : NO_TRACKS);

  if (error) return <p className="form-error">{error}</p>;
  if (!page) return null;
  if (page.items.length === 0) return <p className="empty">No results</p>;
  const more = page.metadata.nextCursor
    ? `?${new URLSearchParams([...new URLSearchParams(query), ["cursor", page.metadata.nextCursor]])}`
    : null;
  return (
    <>
      {page.type === "tracks" && <PlayAll tracks={page.items} nextCursor={null} readAfter={null} />}
      {page.type === "tracks" && (
        <ul className="track-grid">
          {page.items.map((track) => (
            <li key={track.id}>
              <TrackCard track={track} viewerId={signedIn ? auth.user.id : null} />
            </li>
          ))}
        </ul>
      )}
      {page.type === "stems" && (
        <ul className="search-stems">
          {page.items.map((stem) => (
            <StemRow key={stem.id} stem={stem} signedIn={signedIn} />
          ))}
        </ul>
      )}
      {page.type === "artists" && (
        <ul className="search-artists">
          {page.items.map((artist) => (
            <ArtistRow key={artist.name} artist={artist} />
          ))}
        </ul>
      )}
      {more && (
        <a className="button button-secondary more-tracks" href={more}>
          More results
        </a>
      )}
    </>
  );
}
