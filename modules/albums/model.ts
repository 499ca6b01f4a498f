import { t } from "elysia";
import {
  FIELD_LABELS,
  MAX_LENGTH,
  MAX_RELEASE_DATE_TEXT,
  notFlagMessage,
  RELEASE_DATE_PRECISION_INVALID,
  RELEASE_DATE_PRECISIONS,
} from "../../src/shared/upload-rules";
import { TrackListItem } from "../tracks/model";

/** The most tracks an album holds: a long box set's worth. */
export const MAX_ALBUM_TRACKS = 200;
/** The most genres an album names (as a track). */
export const MAX_ALBUM_GENRES = 20;

export const ALBUM_TITLE_REQUIRED = "Album title is required";
export const ALBUM_DATA_NOT_OBJECT = "Album data must be a JSON object";
export const TRACK_IDS_INVALID = `trackIds must be a list of at most ${MAX_ALBUM_TRACKS} track ids`;

/** The words a message names each field by: the album form's. */
const LABELS = { title: "Album title", artist: "Artist", description: "Description" } as const;
type Found = { found: unknown };
const fieldOf = (found: unknown, field: string) =>
  found && typeof found === "object" ? (found as Record<string, unknown>)[field] : undefined;
/** A text field's message for whatever is wrong with it: missing or blank when `required`, not text, too long. */
const textRules = (field: keyof typeof LABELS, max: number, required = false) => ({
  maxLength: max,
  ...(required ? { pattern: "\\S" } : {}),
  error: ({ found }: Found) => {
    const value = fieldOf(found, field);
    if (required && (value === undefined || value === null || (typeof value === "string" && !value.trim())))
      return ALBUM_TITLE_REQUIRED;
    return typeof value === "string" ? `${LABELS[field]} must be at most ${max} characters` : `${LABELS[field]} must be text`;
  },
});
const optionalText = (field: "artist" | "description", max: number) =>
  t.Optional(t.Union([t.String({ maxLength: max }), t.Null()], textRules(field, max)));

const albumFields = {
  title: t.String(textRules("title", MAX_LENGTH.title, true)),
  /** Whose album it says it is; absent, the primary artist all its tracks share, else the owner's username. */
  artist: optionalText("artist", MAX_LENGTH.primaryArtistName),
  description: optionalText("description", MAX_LENGTH.description),
  genreNames: t.Optional(
    t.Union([t.Array(t.String(), { maxItems: 100 }), t.Null()], { error: `${FIELD_LABELS.genreNames} must be a list of text` }),
  ),
  /** YYYY, YYYY-MM or YYYY-MM-DD (kept as YYYY-MM-DD), never in the future; read with its precision, as a track's. */
  releaseDate: t.Optional(t.Union([t.String({ maxLength: MAX_RELEASE_DATE_TEXT }), t.Null()])),
  releaseDatePrecision: t.Optional(
    t.Union([...RELEASE_DATE_PRECISIONS.map((precision) => t.Literal(precision)), t.Null()], {
      error: RELEASE_DATE_PRECISION_INVALID,
    }),
  ),
  isPublic: t.Boolean({ error: notFlagMessage("isPublic") }),
  /** The album's tracks in order: each an active track of the album's owner, on no other album. */
  trackIds: t.Array(t.String({ maxLength: 64 }), { maxItems: MAX_ALBUM_TRACKS, error: TRACK_IDS_INVALID }),
};

/** POST /api/albums. */
export const NewAlbumBody = t.Object(albumFields, { error: ALBUM_DATA_NOT_OBJECT });
export type NewAlbumBody = typeof NewAlbumBody.static;

/** PATCH /api/albums/{id}: what it names changes (`trackIds`: the tracks and their order); the rest stays. */
export const AlbumChangesBody = t.Partial(t.Object(albumFields), { error: ALBUM_DATA_NOT_OBJECT });
export type AlbumChangesBody = typeof AlbumChangesBody.static;

export const AlbumParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** An album as its reader may see it: the tracks they may not see are left out of `tracks` and of its counts. */
export const Album = t.Object({
  id: t.String(),
  title: t.String(),
  artist: t.String(),
  description: t.String(),
  genreNames: t.Array(t.String()),
  releaseDate: t.Nullable(t.String({ description: "YYYY-MM-DD" })),
  releaseDatePrecision: t.UnionEnum(RELEASE_DATE_PRECISIONS),
  isPublic: t.Boolean(),
  user: t.Object({ username: t.String() }),
  createdAt: t.String({ format: "date-time" }),
  updatedAt: t.String({ format: "date-time" }),
  /** How many tracks the reader sees on it. */
  trackCount: t.Integer(),
  /** Their durations added up, in seconds (a track still processing counts 0). */
  duration: t.Number(),
  /** The tracks in album order, as the lists carry them. */
  tracks: t.Array(TrackListItem),
});
export type Album = typeof Album.static;

export const DeletedAlbum = t.Object({ deletedId: t.String() });

/** GET /api/track/{id}/album: the album a track is on, as its reader sees it ("Track 3 of 8 on Tidal Memory"). */
export const TrackAlbum = t.Object({
  album: t.Nullable(
    t.Object({
      id: t.String(),
      title: t.String(),
      /** The track's place among the album's tracks the reader may see, from 1. */
      position: t.Integer(),
      /** How many of the album's tracks the reader may see. */
      trackCount: t.Integer(),
    }),
  ),
});
export type TrackAlbum = typeof TrackAlbum.static;

/** An album as a list shows it (an artist's page, the owner's own list): what its reader may see of it. */
export const AlbumSummary = t.Object({
  id: t.String(),
  title: t.String(),
  artist: t.String(),
  releaseDate: t.Nullable(t.String({ description: "YYYY-MM-DD" })),
  releaseDatePrecision: t.UnionEnum(RELEASE_DATE_PRECISIONS),
  isPublic: t.Boolean(),
  /** Its tracks the reader may see. */
  trackCount: t.Integer(),
  /** Its first public track's cover, if any (albums have no cover of their own yet). */
  coverArt: t.Nullable(t.String()),
});
export type AlbumSummary = typeof AlbumSummary.static;
export const AlbumSummaries = t.Array(AlbumSummary);
