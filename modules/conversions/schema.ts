import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, updatedAt } from "../../src/server/db/columns";
import { CONVERSION_FORMATS, CONVERSION_STATUSES } from "../../src/shared/conversion-status";
import { tracks } from "../tracks/schema";

/** On-demand WAV/FLAC derivatives of a full track or one stem; they expire after 7 days. */
export const conversions = sqliteTable(
  "conversions",
  {
    id: id(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    /** 'full' for the whole track, else the stem id. */
    target: text("target").notNull(),
    format: text("format", { enum: CONVERSION_FORMATS }).notNull(),
    status: text("status", { enum: CONVERSION_STATUSES }).notNull().default("NOT_STARTED"),
    fileKey: text("file_key"),
    sizeBytes: integer("size_bytes").notNull().default(0),
    error: text("error"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("conversions_target_unique").on(t.trackId, t.target, t.format)],
);

export type Conversion = typeof conversions.$inferSelect;
