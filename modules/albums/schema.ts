import {
  bool,
  createdAt,
  index,
  int,
  json,
  orderedId,
  primaryKey,
  table,
  text,
  textEnum,
  uniqueIndex,
  updatedAt,
} from "../../src/server/db/columns";
import { RELEASE_DATE_PRECISIONS } from "../../src/shared/upload-rules";
import { users } from "../auth/schema";
import { tracks } from "../tracks/schema";

/** An album: one owner's tracks under one title, in their order (album_tracks). Its owner's deletion takes it along. */
export const albums = table(
  "albums",
  {
    id: orderedId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    description: text("description").notNull().default(""),
    genreNames: json<string[]>("genre_names").notNull(),
    releaseDate: text("release_date"),
    releaseDatePrecision: textEnum("release_date_precision", RELEASE_DATE_PRECISIONS).notNull().default("DAY"),
    isPublic: bool("is_public").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("albums_user_idx").on(t.userId, t.id)],
);

/**
 * The tracks of each album, by position from 1. A track is on at most one album (its unique index); deleting the track or
 * the album takes its row along, so an album never names a track that is gone.
 */
export const albumTracks = table(
  "album_tracks",
  {
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    albumId: text("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    position: int("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.position] }), uniqueIndex("album_tracks_track_idx").on(t.trackId)],
);

export type Album = typeof albums.$inferSelect;
export type NewAlbum = typeof albums.$inferInsert;
