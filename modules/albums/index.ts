import { Elysia, t } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { alsoOnLeaving } from "../auth/service";
import { Album, AlbumChangesBody, AlbumParams, AlbumSummaries, DeletedAlbum, NewAlbumBody, TrackAlbum } from "./model";
import * as albums from "./service";

alsoOnLeaving(albums.leaveAlbums);

/** Albums: an owner's tracks under one title, in order; public ones for everyone, private ones for the owner. */
export const albumsModule = new Elysia({ name: "module.albums", detail: { tags: ["Albums"] } })
  .use(authGuard)
  .post(
    "/albums",
    async ({ user, body, set }) => {
      const album = await albums.createAlbum(user, body);
      set.status = 201;
      return album;
    },
    {
      auth: true,
      body: NewAlbumBody,
      response: { 201: Album, ...refusals(400, 401, 409) },
      detail: { summary: "Make an album of your tracks, in order" },
    },
  )
  // Not GET /albums: `/api/albums/` (an album id left empty) would reach it and answer 401 where a 404 is due.
  .get("/albums/mine", ({ user }) => albums.ownAlbums(user), {
    auth: true,
    response: { 200: AlbumSummaries, ...refusals(401) },
    detail: { summary: "Your albums, private ones too, newest first" },
  })
  .get("/albums/:id", ({ viewer, params }) => albums.getAlbum(viewer, params.id), {
    params: AlbumParams,
    response: { 200: Album, ...refusals(404) },
    detail: { summary: "An album and the tracks on it you may see, in order" },
  })
  .patch("/albums/:id", ({ user, params, body }) => albums.changeAlbum(user, params.id, body), {
    auth: true,
    params: AlbumParams,
    body: AlbumChangesBody,
    response: { 200: Album, ...refusals(400, 401, 403, 404, 409) },
    detail: { summary: "Change an album: its fields, or (trackIds) its tracks and their order" },
  })
  .delete("/albums/:id", ({ user, params }) => albums.deleteAlbum(user, params.id), {
    auth: true,
    params: AlbumParams,
    response: { 200: DeletedAlbum, ...refusals(401, 403, 404) },
    detail: { summary: "Delete an album; its tracks stay" },
  })
  .get("/track/:id/album", ({ viewer, params }) => albums.albumOfTrack(viewer, params.id), {
    params: AlbumParams,
    response: { 200: TrackAlbum, ...refusals(404) },
    detail: { summary: "The album a track is on, and its place there, as you may see them" },
  })
  .get("/users/:username/albums", ({ params }) => albums.publicAlbumsOf(params.username), {
    params: t.Object({ username: t.String({ maxLength: 64 }) }),
    response: { 200: AlbumSummaries, ...refusals(404) },
    detail: { summary: "An artist's public albums, newest first" },
  });
