import { getTableColumns, sql } from "drizzle-orm";
import {
  bigInt,
  bool,
  caseless,
  createdAt,
  id,
  index,
  int,
  json,
  primaryKey,
  real,
  table,
  text,
  textEnum,
  timestampMs,
  updatedAt,
} from "../../src/server/db/columns";
import { ORIGINAL_FORMATS, RELEASE_DATE_PRECISIONS, STEM_TYPES } from "../../src/shared/upload-rules";
import { users } from "../auth/schema";
import { licenses } from "../licenses/schema";

export const TRACK_STATUSES = ["ACTIVE", "PENDING_DELETION", "DELETED"] as const;
/** Where the audio pipeline is for a track or stem; FAILED carries a reason the owner sees. */
export const PROCESSING_STATUSES = ["PENDING", "READY", "FAILED"] as const;

export const tracks = table(
  "tracks",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    primaryArtistName: text("primary_artist_name").notNull(),
    /** Seconds; null until processing has measured it. */
    duration: real("duration"),
    originalFormat: textEnum("original_format", ORIGINAL_FORMATS).notNull(),
    /** File-store keys; never built from user input. */
    originalKey: text("original_key").notNull(),
    /** Whether browsers play the original itself (a WAV in ADPCM or 64-bit float waits for its MP3). */
    originalStreamable: bool("original_streamable").notNull().default(true),
    mp3Key: text("mp3_key"),
    coverArtKey: text("cover_art_key"),
    originalSizeBytes: bigInt("original_size_bytes").notNull().default(0),
    mp3SizeBytes: bigInt("mp3_size_bytes").notNull().default(0),
    coverArtSizeBytes: bigInt("cover_art_size_bytes").notNull().default(0),
    processingStatus: textEnum("processing_status", PROCESSING_STATUSES).notNull().default("PENDING"),
    processingError: text("processing_error"),
    coverArtPending: bool("cover_art_pending").notNull().default(false),
    /**
     * A fork's mix no longer matches its stems (one was removed) until `track.regenerate` stores a new one.
     * Set in the removal's transaction, so a crash before the job is queued cannot let the processing job
     * (re-queued at boot for every PENDING track) mark the old mix READY.
     */
    mixStale: bool("mix_stale").notNull().default(false),
    /**
     * The card-sized waveform lists carry (waveform-preview.ts): 400 values. The full one (4,000) lives in
     * track_waveforms: kept in this row, its 28 KB would spill onto overflow pages that every read of the
     * columns after it (lists, access checks, media) would have to walk.
     */
    waveformPreview: json<number[]>("waveform_preview"),
    loudnessLufs: real("loudness_lufs"),
    /** The original's true peak (dBTP): the player never raises the track past it. */
    truePeakDb: real("true_peak_db"),
    /** Processed before true peaks were measured: the `tracks.measure-loudness` job measures it again. */
    loudnessPending: bool("loudness_pending").notNull().default(false),
    /** Tracker modules keep their embedded title and message text. */
    moduleTitle: text("module_title"),
    moduleMessage: text("module_message"),
    bpm: int("bpm"),
    key: text("key"),
    isExplicit: bool("is_explicit").notNull().default(false),
    isPublic: bool("is_public").notNull().default(true),
    releaseDate: text("release_date"),
    releaseDatePrecision: textEnum("release_date_precision", RELEASE_DATE_PRECISIONS).notNull().default("DAY"),
    // An SQL default: drizzle-kit cannot render a JSON default of a PostgreSQL custom column.
    genreNames: json<string[]>("genre_names").notNull().default(sql`'[]'`),
    licenseId: text("license_id")
      .notNull()
      .references(() => licenses.id),
    totalPlays: int("total_plays").notNull().default(0),
    totalDownloads: int("total_downloads").notNull().default(0),
    forkCount: int("fork_count").notNull().default(0),
    /** How many users like it (modules/likes counts them): a counter, like plays, that no cached page waits for. */
    likeCount: int("like_count").notNull().default(0),
    isFork: bool("is_fork").notNull().default(false),
    forkedFromId: text("forked_from_id"),
    status: textEnum("status", TRACK_STATUSES).notNull().default("ACTIVE"),
    deletedAt: timestampMs("deleted_at"),
    /** Seconds of quota charged: the original's duration plus every stem's. Reserved at upload. */
    totalQuotaSeconds: real("total_quota_seconds").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The version of everything a track page shows but its counters: database triggers (migration
     * 0004) raise it on every change to the row other than plays and downloads, and on every change to
     * its stems, shares and conversions, so any server instance knows whether a cached page is current.
     */
    pageVersion: int("page_version").notNull().default(0),
  },
  (t) => [
    index("tracks_user_idx").on(t.userId, t.status),
    // bpm last: the newest-first list filtered by tempo (track-filters, search's stems) reads it from the index, not
    // from each candidate's row.
    index("tracks_public_created_idx").on(t.status, t.isPublic, t.createdAt, t.id, t.bpm),
    // Lists sort titles and artists case-insensitively (caseless()); one index per list scope and sort (keyset paging).
    index("tracks_public_title_idx").on(t.status, t.isPublic, caseless(t.title), t.id),
    index("tracks_public_duration_idx").on(t.status, t.isPublic, t.duration, t.id),
    index("tracks_public_artist_idx").on(t.status, t.isPublic, caseless(t.primaryArtistName), t.id),
    index("tracks_public_likes_idx").on(t.status, t.isPublic, t.likeCount, t.id),
    index("tracks_owner_created_idx").on(t.userId, t.status, t.createdAt, t.id),
    index("tracks_owner_title_idx").on(t.userId, t.status, caseless(t.title), t.id),
    index("tracks_owner_duration_idx").on(t.userId, t.status, t.duration, t.id),
    index("tracks_owner_artist_idx").on(t.userId, t.status, caseless(t.primaryArtistName), t.id),
    index("tracks_owner_likes_idx").on(t.userId, t.status, t.likeCount, t.id),
    index("tracks_status_title_idx").on(t.status, caseless(t.title), t.id),
    index("tracks_status_duration_idx").on(t.status, t.duration, t.id),
    index("tracks_status_artist_idx").on(t.status, caseless(t.primaryArtistName), t.id),
    index("tracks_forked_from_idx").on(t.forkedFromId),
    // Search joins each match to its track by id to check who may see it: read from here, never from the row, whose
    // card waveform makes it long (a common word matches thousands of tracks; modules/search/repo.ts).
    index("tracks_search_access_idx").on(t.id, t.status, t.isPublic, t.userId),
  ],
);

/** A track's full waveform (SPEC §3 waveformData), read only by GET /track/{id}. */
export const trackWaveforms = table("track_waveforms", {
  trackId: text("track_id")
    .primaryKey()
    .references(() => tracks.id, { onDelete: "cascade" }),
  waveformData: json<number[]>("waveform_data").notNull(),
});

export const stems = table(
  "stems",
  {
    id: id(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: textEnum("type", STEM_TYPES).notNull(),
    index: int("index").notNull(),
    originalFormat: text("original_format").notNull(),
    fileKey: text("file_key").notNull(),
    mp3Key: text("mp3_key"),
    sizeBytes: bigInt("size_bytes").notNull().default(0),
    mp3SizeBytes: bigInt("mp3_size_bytes").notNull().default(0),
    duration: real("duration"),
    waveformData: json<number[]>("waveform_data"),
    loudnessLufs: real("loudness_lufs"),
    truePeakDb: real("true_peak_db"),
    loudnessPending: bool("loudness_pending").notNull().default(false),
    processingStatus: textEnum("processing_status", PROCESSING_STATUSES).notNull().default("PENDING"),
    processingError: text("processing_error"),
    /** How the stem sounds in its track's rendered mix (a fork made "with this mix"): gain, balance, silenced. */
    mixGainDb: real("mix_gain_db").notNull().default(0),
    mixPan: real("mix_pan").notNull().default(0),
    mixMuted: bool("mix_muted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("stems_track_idx").on(t.trackId, t.index),
    // Forks share their original's files (a copied row names the same key): search shows such a stem once and counts
    // the other tracks having it (modules/search/repo.ts).
    index("stems_file_idx").on(t.fileKey),
  ],
);

export const trackShares = table(
  "track_shares",
  {
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.userId] }), index("track_shares_user_idx").on(t.userId)],
);

export type Track = typeof tracks.$inferSelect;
export type Stem = typeof stems.$inferSelect;
/** The rows a new track (an upload, a fork) inserts. */
export type NewTrack = typeof tracks.$inferInsert;
export type NewStem = typeof stems.$inferInsert;
/** Columns a track's processing or a studio change sets, with the waveform kept beside the row (track_waveforms). */
export type TrackChange = Partial<NewTrack> & { waveformData?: number[] };
/** A track row as lists of one owner's tracks read it: everything but the card waveform. */
export type OwnedTrack = Omit<Track, "waveformPreview">;

/**
 * A track row as list answers read it (modules/lists, modules/search): every column, the card waveform as the JSON
 * text it is stored as (columns.ts json: written by JSON.stringify), which the answer carries as it is
 * (view.ts trackListItemsJson) rather than parsing 400 numbers a row and writing them out again.
 */
const { waveformPreview: _, ...unparsedColumns } = getTableColumns(tracks);
export const listedTrackColumns = { ...unparsedColumns, waveformPreviewJson: sql<string | null>`${tracks.waveformPreview}` };
export type ListedTrack = OwnedTrack & { waveformPreviewJson: string | null };
