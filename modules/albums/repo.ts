import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { Executor } from "../../src/server/db/transaction";
import { type Album, albums, albumTracks, type NewAlbum } from "./schema";

export const albumsRepo = {
  insert: async (values: NewAlbum, executor: Executor): Promise<Album> =>
    (await executor.insert(albums).values(values).returning())[0] as Album,
  findById: async (id: string): Promise<Album | undefined> => (await db().select().from(albums).where(eq(albums.id, id)))[0],
  update: (id: string, values: Partial<NewAlbum>, executor: Executor) =>
    executor.update(albums).set(values).where(eq(albums.id, id)),
  remove: (id: string) => db().delete(albums).where(eq(albums.id, id)),
  removeAllOf: (userId: string, executor: Executor) => executor.delete(albums).where(eq(albums.userId, userId)),
  /** The album's track ids in album order. */
  trackIdsOf: async (albumId: string): Promise<string[]> =>
    (
      await db()
        .select({ trackId: albumTracks.trackId })
        .from(albumTracks)
        .where(eq(albumTracks.albumId, albumId))
        .orderBy(asc(albumTracks.position))
    ).map((row) => row.trackId),
  /** The album the track is on, if any. */
  albumIdOf: async (trackId: string): Promise<string | null> =>
    (await db().select({ albumId: albumTracks.albumId }).from(albumTracks).where(eq(albumTracks.trackId, trackId)))[0]?.albumId ??
    null,
  /** Makes `trackIds` the album's tracks, in that order (positions from 1). */
  setTracks: async (albumId: string, trackIds: string[], executor: Executor): Promise<void> => {
    await executor.delete(albumTracks).where(eq(albumTracks.albumId, albumId));
    if (trackIds.length)
      await executor.insert(albumTracks).values(trackIds.map((trackId, index) => ({ albumId, trackId, position: index + 1 })));
  },
  /** Which of `trackIds` are on an album other than `albumId` already, and on which. */
  elsewhere: (trackIds: string[], albumId: string | null, executor: Executor) =>
    executor
      .select({ trackId: albumTracks.trackId, title: albums.title })
      .from(albumTracks)
      .innerJoin(albums, eq(albums.id, albumTracks.albumId))
      .where(and(inArray(albumTracks.trackId, trackIds), albumId ? ne(albumTracks.albumId, albumId) : undefined)),
  /** Every album of `userId`, newest first (their own list). */
  allAlbumsOf: (userId: string) => db().select().from(albums).where(eq(albums.userId, userId)).orderBy(desc(albums.id)),
  /** The public albums of `userId`, newest first. */
  publicAlbumsOf: (userId: string) =>
    db()
      .select()
      .from(albums)
      .where(and(eq(albums.userId, userId), eq(albums.isPublic, true)))
      .orderBy(desc(albums.id)),
  /** Every album of `userId`, oldest first, with its track ids in order (the account export). */
  albumsOf: (userId: string) => db().select().from(albums).where(eq(albums.userId, userId)).orderBy(asc(albums.id)),
};
