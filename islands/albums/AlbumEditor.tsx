import { type FormEvent, useEffect, useState } from "react";
import type { Album } from "../../modules/albums/model";
import { artistPath } from "../../src/shared/public-addresses";
import { Field } from "../form/Field";
import { api, reply } from "../lib/api";
import { goTo } from "../lib/go-to";

type Listed = { id: string; title: string };

/** What the editor starts from: the album's fields and its tracks' ids and titles (not their cards). */
export interface EditedAlbum {
  id: string;
  title: string;
  artist: string;
  description: string;
  isPublic: boolean;
  username: string;
  tracks: Listed[];
}

/** The editor's props from an album as the API answers it. */
export const editedAlbum = (album: Album): EditedAlbum => ({
  id: album.id,
  title: album.title,
  artist: album.artist,
  description: album.description,
  isPublic: album.isPublic,
  username: album.user.username,
  tracks: album.tracks.map(({ id, title }) => ({ id, title })),
});

/** The list with the item at `from` moved by `by` places (kept inside the list). */
function moved<T>(items: T[], from: number, by: number): T[] {
  const to = Math.min(items.length - 1, Math.max(0, from + by));
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The album page's owner controls (issue 41): its title, artist, description and visibility; its tracks added from
 * the owner's own, moved up and down (buttons, so the keyboard does it as the mouse), removed; and the album deleted,
 * asked first (its tracks stay). The server checks every change again.
 */
export default function AlbumEditor({ album }: { album: EditedAlbum }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(album.title);
  const [artist, setArtist] = useState(album.artist);
  const [description, setDescription] = useState(album.description);
  const [isPublic, setIsPublic] = useState(album.isPublic);
  const [tracks, setTracks] = useState<Listed[]>(album.tracks);
  const [mine, setMine] = useState<Listed[] | null>(null);
  const [adding, setAdding] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (!open || mine) return;
    reply(api.tracks.get({ query: { limit: 100, sortField: "title", sortDirection: "asc" } })).then(
      (page) => setMine(page.items.map(({ id, title }) => ({ id, title }))),
      (error: Error) => setFailure(error.message),
    );
  }, [open, mine]);
  const addable = (mine ?? []).filter((track) => !tracks.some((on) => on.id === track.id));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await reply(
        api.albums({ id: album.id }).patch({ title, artist, description, isPublic, trackIds: tracks.map((track) => track.id) }),
      );
      window.location.reload();
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await reply(api.albums({ id: album.id }).delete());
      goTo(artistPath(album.username));
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };
  if (!open)
    return (
      <button type="button" className="button button-small button-secondary" onClick={() => setOpen(true)}>
        Edit album
      </button>
    );
  return (
    <form className="form album-editor" aria-label="Edit album" onSubmit={save}>
      <Field name="album-title" label="Album title" value={title} required onChange={(event) => setTitle(event.target.value)} />
      <Field name="album-artist" label="Artist" value={artist} onChange={(event) => setArtist(event.target.value)} />
      <div className="field">
        <label htmlFor="field-album-description">Description</label>
        <textarea
          id="field-album-description"
          value={description}
          rows={3}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <label className="check">
        <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} /> Public
      </label>
      <ol className="album-editor-tracks" aria-label="Album tracks">
        {tracks.map((track, index) => (
          <li key={track.id}>
            <span>{track.title}</span>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-label={`Move ${track.title} up`}
              disabled={index === 0}
              onClick={() => setTracks(moved(tracks, index, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-label={`Move ${track.title} down`}
              disabled={index === tracks.length - 1}
              onClick={() => setTracks(moved(tracks, index, 1))}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-label={`Remove ${track.title}`}
              onClick={() => setTracks(tracks.filter((on) => on.id !== track.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="field">
        <label htmlFor="field-album-add">Add a track</label>
        <select id="field-album-add" value={adding} disabled={mine === null} onChange={(event) => setAdding(event.target.value)}>
          <option value="">{mine === null ? "Loading your tracks..." : "Choose one of your tracks"}</option>
          {addable.map((track) => (
            <option key={track.id} value={track.id}>
              {track.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={!adding}
          onClick={() => {
            const track = addable.find((candidate) => candidate.id === adding);
            if (track) setTracks([...tracks, track]);
            setAdding("");
          }}
        >
          Add
        </button>
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="album-editor-actions">
        <button type="submit" className="button" disabled={busy}>
          Save album
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
        {deleting ? (
          <span role="alert" className="album-editor-confirm">
            Delete this album? Its tracks stay.{" "}
            <button type="button" className="button button-small button-secondary" onClick={() => setDeleting(false)}>
              Keep
            </button>{" "}
            <button type="button" className="button button-small button-danger" disabled={busy} onClick={remove}>
              Delete Album
            </button>
          </span>
        ) : (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setDeleting(true)}>
            Delete album
          </button>
        )}
      </div>
    </form>
  );
}
