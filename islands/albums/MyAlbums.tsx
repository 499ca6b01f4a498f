import { type FormEvent, useEffect, useState } from "react";
import type { AlbumSummary } from "../../modules/albums/model";
import { albumPath } from "../../src/shared/public-addresses";
import { Field } from "../form/Field";
import { api, reply } from "../lib/api";
import { formatCount, formatReleaseDate } from "../lib/format";
import { goTo } from "../lib/go-to";
import "./albums.css";

/**
 * My Tracks › My Albums: the user's albums, private ones too, and "New album" (a title and whether it is public);
 * the new album's page then takes its tracks (AlbumEditor).
 */
export function MyAlbums() {
  const [albums, setAlbums] = useState<AlbumSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [isPublic, setIsPublic] = useState(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    reply(api.albums.mine.get()).then(setAlbums, (error: Error) => setFailure(error.message));
  }, []);
  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const album = await reply(api.albums.post({ title, trackIds: [], isPublic }));
      goTo(albumPath(album.id));
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      <form className="form album-new" aria-label="New album" onSubmit={create}>
        <Field name="album-title" label="Album title" value={title} required onChange={(event) => setTitle(event.target.value)} />
        <label className="check">
          <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} /> Public
        </label>
        <button type="submit" className="button" disabled={busy}>
          New album
        </button>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
      </form>
      {albums === null ? (
        <p className="form-hint">Loading...</p>
      ) : albums.length === 0 ? (
        <p>No albums yet: make one above, then add your tracks on its page.</p>
      ) : (
        <ul className="album-grid" aria-label="Your albums">
          {albums.map((album) => (
            <li key={album.id}>
              <a href={albumPath(album.id)}>
                {album.coverArt ? (
                  <img className="album-cover" src={`${album.coverArt}?size=card`} alt="" width="160" height="160" />
                ) : (
                  <span className="album-cover" aria-hidden="true" />
                )}
                <span className="album-grid-title">{album.title}</span>
              </a>
              <span className="album-grid-facts">
                {[
                  album.isPublic ? null : "Private",
                  formatReleaseDate(album.releaseDate, "YEAR"),
                  formatCount(album.trackCount, "track"),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
