import { bigInt, createdAt, id, index, table, text, textEnum, timestampMs } from "../../src/server/db/columns";
import { users } from "../auth/schema";

export const EXPORT_STATUSES = ["PENDING", "READY", "FAILED"] as const;

/**
 * A person's export of everything they made (POST /api/auth/me/export): a zip built by a durable job, kept
 * in the file store under `fileKey` until `expiresAt` (7 days after it is ready), then removed with its row.
 */
export const accountExports = table(
  "account_exports",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: textEnum("status", EXPORT_STATUSES).notNull().default("PENDING"),
    fileKey: text("file_key"),
    sizeBytes: bigInt("size_bytes"),
    readyAt: timestampMs("ready_at"),
    expiresAt: timestampMs("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_exports_user_idx").on(t.userId, t.createdAt)],
);

export type AccountExport = typeof accountExports.$inferSelect;
