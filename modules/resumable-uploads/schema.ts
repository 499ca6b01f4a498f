import { bigInt, createdAt, id, index, json, table, text, timestampMs } from "../../src/server/db/columns";
import { users } from "../auth/schema";

/** One received stretch of an upload's bytes, stored as an object of its own (store key and size). */
export interface UploadPart {
  key: string;
  size: number;
}

/**
 * A resumable (tus) upload of one file by its owner: its declared length, the offset reached, the parts holding the
 * bytes so far in order, and the client's metadata (file name and type). Every instance reads and advances the same
 * row, so the requests of one upload may reach any of them. Once used by a track, stem or replacement, `usedAt` is
 * set and the parts are gone; the row stays until `expiresAt` so a second use is told apart from an unknown id.
 */
export const resumableUploads = table(
  "resumable_uploads",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    length: bigInt("length").notNull(),
    offset: bigInt("upload_offset").notNull().default(0),
    parts: json<UploadPart[]>("parts").notNull(),
    metadata: json<Record<string, string>>("metadata").notNull(),
    usedAt: timestampMs("used_at"),
    expiresAt: timestampMs("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("resumable_uploads_user_idx").on(t.userId), index("resumable_uploads_expiry_idx").on(t.expiresAt)],
);

export type ResumableUpload = typeof resumableUploads.$inferSelect;
