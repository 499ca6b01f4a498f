import { bigInt, createdAt, id, table, text, textEnum, timestampMs, uniqueIndex, updatedAt } from "../../src/server/db/columns";
import { CONVERSION_FORMATS, CONVERSION_STATUSES } from "../../src/shared/conversion-status";
import { tracks } from "../tracks/schema";

/** On-demand WAV/FLAC derivatives of a full track or one stem; they expire after 7 days. */
export const conversions = table(
  "conversions",
  {
    id: id(),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    /** 'full' for the whole track, else the stem id. */
    target: text("target").notNull(),
    format: textEnum("format", CONVERSION_FORMATS).notNull(),
    status: textEnum("status", CONVERSION_STATUSES).notNull().default("NOT_STARTED"),
    fileKey: text("file_key"),
    sizeBytes: bigInt("size_bytes").notNull().default(0),
    error: text("error"),
    expiresAt: timestampMs("expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("conversions_target_unique").on(t.trackId, t.target, t.format)],
);

export type Conversion = typeof conversions.$inferSelect;
