import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, updatedAt } from "../../src/server/db/columns";
import { ORIGINAL_FORMATS, RELEASE_DATE_PRECISIONS, STEM_TYPES } from "../../src/shared/upload-rules";
import { users } from "../auth/schema";
import { licenses } from "../licenses/schema";

export const TRACK_STATUSES = ["ACTIVE", "PENDING_DELETION", "DELETED"] as const;
/** Where the audio pipeline is for a track or stem; FAILED carries a reason the owner sees. */
export const PROCESSING_STATUSES = ["PENDING", "READY", "FAILED"] as const;

export const tracks = sqliteTable(
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
    originalFormat: text("original_format", { enum: ORIGINAL_FORMATS }).notNull(),
    /** File-store keys; never built from user input. */
    originalKey: text("original_key").notNull(),
    /** Whether browsers play the original itself (a WAV in ADPCM or 64-bit float waits for its MP3). */
    originalStreamable: integer("original_streamable", { mode: "boolean" }).notNull().default(true),
    mp3Key: text("mp3_key"),
    coverArtKey: text("cover_art_key"),
    originalSizeBytes: integer("original_size_bytes").notNull().default(0),
    mp3SizeBytes: integer("mp3_size_bytes").notNull().default(0),
    coverArtSizeBytes: integer("cover_art_size_bytes").notNull().default(0),
    processingStatus: text("processing_status", { enum: PROCESSING_STATUSES }).notNull().default("PENDING"),
    processingError: text("processing_error"),
    coverArtPending: integer("cover_art_pending", { mode: "boolean" }).notNull().default(false),
    /**
     * A fork's mix no longer matches its stems (one was removed) until `track.regenerate` stores a new one.
     * Set in the removal's transaction, so a crash before the job is queued cannot let the processing job
     * (re-queued at boot for every PENDING track) mark the old mix READY.
     */
    mixStale: integer("mix_stale", { mode: "boolean" }).notNull().default(false),
    /**
     * The card-sized waveform lists carry (waveform-preview.ts): 400 values. The full one (4,000) lives in
     * track_waveforms: kept in this row, its 28 KB would spill onto overflow pages that every read of the
     * columns after it (lists, access checks, media) would have to walk.
     */
    waveformPreview: text("waveform_preview", { mode: "json" }).$type<number[]>(),
    loudnessLufs: real("loudness_lufs"),
    /** Tracker modules keep their embedded title and message text. */
    moduleTitle: text("module_title"),
    moduleMessage: text("module_message"),
    bpm: integer("bpm"),
    key: text("key"),
    isExplicit: integer("is_explicit", { mode: "boolean" }).notNull().default(false),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(true),
    releaseDate: text("release_date"),
    releaseDatePrecision: text("release_date_precision", { enum: RELEASE_DATE_PRECISIONS }).notNull().default("DAY"),
    genreNames: text("genre_names", { mode: "json" }).$type<string[]>().notNull().default([]),
    licenseId: text("license_id")
      .notNull()
      .references(() => licenses.id),
    totalPlays: integer("total_plays").notNull().default(0),
    totalDownloads: integer("total_downloads").notNull().default(0),
    forkCount: integer("fork_count").notNull().default(0),
    isFork: integer("is_fork", { mode: "boolean" }).notNull().default(false),
    forkedFromId: text("forked_from_id"),
    status: text("status", { enum: TRACK_STATUSES }).notNull().default("ACTIVE"),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /** Seconds of quota charged: the original's duration plus every stem's. Reserved at upload. */
    totalQuotaSeconds: real("total_quota_seconds").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The version of everything a track page shows but its counters: database triggers (migration
     * 0004) raise it on every change to the row other than plays and downloads, and on every change to
     * its stems, shares and conversions, so any server instance knows whether a cached page is current.
     */
    pageVersion: integer("page_version").notNull().default(0),
  },
  (t) => [
    index("tracks_user_idx").on(t.userId, t.status),
    index("tracks_public_created_idx").on(t.status, t.isPublic, t.createdAt, t.id),
    // Lists sort titles and artists case-insensitively; one index per list scope and sort (keyset paging).
    index("tracks_public_title_idx").on(t.status, t.isPublic, sql`${t.title} collate nocase`, t.id),
    index("tracks_public_duration_idx").on(t.status, t.isPublic, t.duration, t.id),
    index("tracks_public_artist_idx").on(t.status, t.isPublic, sql`${t.primaryArtistName} collate nocase`, t.id),
    index("tracks_owner_created_idx").on(t.userId, t.status, t.createdAt, t.id),
    index("tracks_owner_title_idx").on(t.userId, t.status, sql`${t.title} collate nocase`, t.id),
    index("tracks_owner_duration_idx").on(t.userId, t.status, t.duration, t.id),
    index("tracks_owner_artist_idx").on(t.userId, t.status, sql`${t.primaryArtistName} collate nocase`, t.id),
    index("tracks_status_title_idx").on(t.status, sql`${t.title} collate nocase`, t.id),
    index("tracks_status_duration_idx").on(t.status, t.duration, t.id),
    index("tracks_status_artist_idx").on(t.status, sql`${t.primaryArtistName} collate nocase`, t.id),
    index("tracks_forked_from_idx").on(t.forkedFromId),
  ],
);

/** A track's full waveform (SPEC §3 waveformData), read only by GET /track/{id}. */
export const trackWaveforms = sqliteTable("track_waveforms", {
  trackId: text("track_id")
    .primaryKey()
    .references(() => tracks.id, { onDelete: "cascade" }),
  waveformData: text("waveform_data", { mode: "json" }).$type<number[]>().notNull(),
});

export const stems = sqliteTable(
  "stems",
  {
    id: id(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: STEM_TYPES }).notNull(),
    index: integer("index").notNull(),
    originalFormat: text("original_format").notNull(),
    fileKey: text("file_key").notNull(),
    mp3Key: text("mp3_key"),
    sizeBytes: integer("size_bytes").notNull().default(0),
    mp3SizeBytes: integer("mp3_size_bytes").notNull().default(0),
    duration: real("duration"),
    waveformData: text("waveform_data", { mode: "json" }).$type<number[]>(),
    loudnessLufs: real("loudness_lufs"),
    processingStatus: text("processing_status", { enum: PROCESSING_STATUSES }).notNull().default("PENDING"),
    processingError: text("processing_error"),
    createdAt: createdAt(),
  },
  (t) => [index("stems_track_idx").on(t.trackId, t.index)],
);

export const trackShares = sqliteTable(
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
