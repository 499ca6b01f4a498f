import { type Executor, transaction } from "../../src/server/db/transaction";
import { uniqueViolation } from "../../src/server/db/unique-violation";
import { badRequest, conflict, forbidden, notFound } from "../../src/server/errors";
import { stripBidiControls } from "../../src/shared/bidi";
import { MAX_GENRE_LENGTH } from "../../src/shared/upload-rules";
import { findUserById, publicProfileOf, type Viewer } from "../auth/service";
import { canView, cleanText, findTrack, findViewableTrack, releaseDateOf, type Track, trackListJsonOf } from "../tracks/service";
import {
  ALBUM_TITLE_REQUIRED,
  type Album,
  type AlbumChangesBody,
  type AlbumSummary,
  MAX_ALBUM_GENRES,
  type NewAlbumBody,
  type TrackAlbum,
} from "./model";
import { albumsRepo } from "./repo";
import type { Album as AlbumRow, NewAlbum } from "./schema";

const ALBUM_NOT_FOUND = "Album not found";
const ONLY_THE_OWNER = "Only the album's owner can change it";

/** The album when the viewer may read it: a public one, their own, or any for an admin; otherwise 404. */
async function readableAlbum(id: string, viewer: Viewer | null): Promise<AlbumRow> {
  const album = await albumsRepo.findById(id);
  if (!album || !(album.isPublic || album.userId === viewer?.id || viewer?.role === "ADMIN")) throw notFound(ALBUM_NOT_FOUND);
  return album;
}

/** The album when the viewer may change it: its owner, or an admin (moderation); 403 to other readers. */
async function changeableAlbum(id: string, viewer: Viewer): Promise<AlbumRow> {
  const album = await readableAlbum(id, viewer);
  if (album.userId !== viewer.id && viewer.role !== "ADMIN") throw forbidden(ONLY_THE_OWNER);
  return album;
}

/** Genres as a track keeps them: clean, de-duplicated, counted and measured. */
function genresOf(value: string[] | null | undefined): string[] {
  const genres = [...new Set((value ?? []).map((genre) => stripBidiControls(genre).trim()).filter(Boolean))];
  if (genres.length > MAX_ALBUM_GENRES) throw badRequest(`An album can have at most ${MAX_ALBUM_GENRES} genres`);
  if (genres.some((genre) => genre.length > MAX_GENRE_LENGTH))
    throw badRequest(`Each genre must be at most ${MAX_GENRE_LENGTH} characters`);
  return genres;
}

/**
 * The tracks `trackIds` names, in order, once each is checked: named once, an active track of the album's owner,
 * on no other album (409, naming it).
 */
async function checkedTracks(trackIds: string[], ownerId: string): Promise<Track[]> {
  if (new Set(trackIds).size !== trackIds.length) throw badRequest("A track can be on an album only once");
  const found = await Promise.all(trackIds.map((id) => findTrack(id)));
  return found.map((track, index) => {
    if (!track || track.userId !== ownerId || track.status !== "ACTIVE")
      throw badRequest(`Track ${trackIds[index]} is not one of the album owner's tracks`);
    return track;
  });
}

/** Sets the album's tracks inside `tx`, refusing (409) a track already on another album, whatever ran meanwhile. */
async function placeTracks(album: AlbumRow, tracks: Track[], tx: Executor): Promise<void> {
  const ids = tracks.map((track) => track.id);
  const [taken] = ids.length ? await albumsRepo.elsewhere(ids, album.id, tx) : [];
  if (taken) {
    const title = tracks.find((track) => track.id === taken.trackId)?.title;
    throw conflict(`"${title}" is already on the album "${taken.title}"`);
  }
  await albumsRepo.setTracks(album.id, ids, tx);
}

/** The one answer a second writer's insert of the same track gets, as the check above would have given it. */
function takenTrack(error: unknown): never {
  if (uniqueViolation(error) === "album_tracks_track_idx")
    throw conflict("A track of this album was put on another album at the same moment. Please try again.");
  throw error;
}

/** The artist an album says, when its owner named none: the one primary artist all its tracks share, else theirs. */
function defaultArtist(tracks: Track[], owner: Viewer): string {
  const artists = new Set(tracks.map((track) => track.primaryArtistName));
  return artists.size === 1 ? ([...artists][0] as string) : owner.username;
}

/** The fields of an album body, checked and cleaned as a track's are. */
function albumColumns(body: AlbumChangesBody): Partial<NewAlbum> {
  const columns: Partial<NewAlbum> = {};
  if (body.title !== undefined) {
    const title = cleanText(body.title);
    if (!title) throw badRequest(ALBUM_TITLE_REQUIRED);
    columns.title = title;
  }
  if (body.artist !== undefined) {
    const artist = cleanText(body.artist);
    if (artist) columns.artist = artist;
  }
  if (body.description !== undefined) columns.description = cleanText(body.description) ?? "";
  if (body.genreNames !== undefined) columns.genreNames = genresOf(body.genreNames);
  if (body.releaseDate !== undefined) columns.releaseDate = releaseDateOf(body.releaseDate);
  if (body.releaseDatePrecision !== undefined) columns.releaseDatePrecision = body.releaseDatePrecision ?? "DAY";
  if (body.isPublic !== undefined) columns.isPublic = body.isPublic;
  return columns;
}

/** The album's tracks in order, less those `viewer` may not see. */
async function visibleTracks(albumId: string, viewer: Viewer | null): Promise<Track[]> {
  const visible: Track[] = [];
  for (const id of await albumsRepo.trackIdsOf(albumId)) {
    const track = await findTrack(id);
    if (track && (await canView(track, viewer))) visible.push(track);
  }
  return visible;
}

const idsOf = (tracks: Track[]) => tracks.map((track) => track.id);

/** What an album says of itself, as its JSON carries it (the API's Album, the account export). */
const ownFields = (album: AlbumRow) => ({
  id: album.id,
  title: album.title,
  artist: album.artist,
  description: album.description,
  genreNames: album.genreNames,
  releaseDate: album.releaseDate,
  releaseDatePrecision: album.releaseDatePrecision,
  isPublic: album.isPublic,
  createdAt: album.createdAt.toISOString(),
});

/**
 * The album as `viewer` may read it: the tracks they may not see (private ones of a public album, for others; those
 * on their way out, for all but admins) are left out, never named.
 */
async function albumView(album: AlbumRow, viewer: Viewer | null): Promise<Album> {
  const tracks = JSON.parse(await trackListJsonOf(idsOf(await visibleTracks(album.id, viewer)))) as Album["tracks"];
  const owner = await findUserById(album.userId);
  return {
    ...ownFields(album),
    user: { username: owner?.username ?? "" },
    updatedAt: album.updatedAt.toISOString(),
    trackCount: tracks.length,
    duration: tracks.reduce((total, track) => total + (track.duration ?? 0), 0),
    tracks,
  };
}

/**
 * GET /api/track/{id}/album: for a reader who may see the track (else 404, as the track), the album it is on when
 * they may read that too, with its place among the album's tracks they may see.
 */
export async function albumOfTrack(viewer: Viewer | null, trackId: string): Promise<TrackAlbum> {
  await findViewableTrack(trackId, viewer);
  const albumId = await albumsRepo.albumIdOf(trackId);
  const album = albumId ? await readableAlbum(albumId, viewer).catch(() => null) : null;
  if (!album) return { album: null };
  const visible = idsOf(await visibleTracks(album.id, viewer));
  return {
    album: { id: album.id, title: album.title, position: visible.indexOf(trackId) + 1, trackCount: visible.length },
  };
}

/** Albums as lists show them, each as `viewer` may see it (its tracks they may see; the first public one's cover). */
function summaries(rows: AlbumRow[], viewer: Viewer | null): Promise<AlbumSummary[]> {
  return Promise.all(
    rows.map(async (album) => {
      const visible = await visibleTracks(album.id, viewer);
      // A public track's cover, as its card links it (a private one's needs a token; a pending one is not there yet).
      const cover = visible.find((track) => track.isPublic && track.coverArtKey && !track.coverArtPending);
      return {
        id: album.id,
        title: album.title,
        artist: album.artist,
        releaseDate: album.releaseDate,
        releaseDatePrecision: album.releaseDatePrecision,
        isPublic: album.isPublic,
        trackCount: visible.length,
        coverArt: cover ? `/api/track/${cover.id}/cover` : null,
      };
    }),
  );
}

/**
 * GET /api/users/{username}/albums: an artist's public albums, newest first, each with what a visitor may see of it
 * (the same for everyone: the artist's page is kept for every visitor, and its version hangs on this).
 */
export async function publicAlbumsOf(username: string): Promise<AlbumSummary[]> {
  const artist = await publicProfileOf(username);
  if (!artist) throw notFound("User not found");
  return summaries(await albumsRepo.publicAlbumsOf(artist.id), null);
}

/** GET /api/albums/mine: the caller's own albums, private ones too, newest first. */
export async function ownAlbums(viewer: Viewer): Promise<AlbumSummary[]> {
  return summaries(await albumsRepo.allAlbumsOf(viewer.id), viewer);
}

/** POST /api/albums: the caller's album of their own tracks, in the order given. */
export async function createAlbum(viewer: Viewer, body: NewAlbumBody): Promise<Album> {
  const columns = albumColumns(body);
  const tracks = await checkedTracks(body.trackIds, viewer.id);
  const album = await transaction(async (tx) => {
    const created = await albumsRepo.insert(
      {
        userId: viewer.id,
        title: columns.title as string,
        artist: columns.artist ?? defaultArtist(tracks, viewer),
        description: columns.description ?? "",
        genreNames: columns.genreNames ?? [],
        releaseDate: columns.releaseDate ?? null,
        releaseDatePrecision: columns.releaseDatePrecision ?? "DAY",
        isPublic: body.isPublic,
      },
      tx,
    );
    await placeTracks(created, tracks, tx);
    return created;
  }).catch(takenTrack);
  return albumView(album, viewer);
}

/** GET /api/albums/{id}. */
export async function getAlbum(viewer: Viewer | null, id: string): Promise<Album> {
  return albumView(await readableAlbum(id, viewer), viewer);
}

/** PATCH /api/albums/{id}: changes what the body names; `trackIds` sets the tracks and their order. */
export async function changeAlbum(viewer: Viewer, id: string, body: AlbumChangesBody): Promise<Album> {
  const album = await changeableAlbum(id, viewer);
  const columns = albumColumns(body);
  const tracks = body.trackIds ? await checkedTracks(body.trackIds, album.userId) : null;
  await transaction(async (tx) => {
    await albumsRepo.update(album.id, { ...columns, updatedAt: new Date() }, tx);
    if (tracks) await placeTracks(album, tracks, tx);
  }).catch(takenTrack);
  return albumView((await albumsRepo.findById(album.id)) as AlbumRow, viewer);
}

/** DELETE /api/albums/{id}: the album goes; its tracks stay, on no album. */
export async function deleteAlbum(viewer: Viewer, id: string): Promise<{ deletedId: string }> {
  const album = await changeableAlbum(id, viewer);
  await albumsRepo.remove(album.id);
  return { deletedId: album.id };
}

/** Inside an account's deletion: its albums go (their tracks follow the account's own rules). */
export async function leaveAlbums(userId: string, executor: Executor): Promise<void> {
  await albumsRepo.removeAllOf(userId, executor);
}

/** The user's albums with their tracks in order, for their account export. */
export async function albumsForExport(userId: string) {
  const rows = await albumsRepo.albumsOf(userId);
  return Promise.all(
    rows.map(async (album) => ({
      ...ownFields(album),
      trackIds: await albumsRepo.trackIdsOf(album.id),
    })),
  );
}
