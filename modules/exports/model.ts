import { t } from "elysia";
import { EXPORT_STATUSES } from "./schema";

/**
 * One account export as its owner sees it (POST /api/auth/me/export, GET /api/auth/me/exports). `downloadUrl` is set
 * only while READY: the download route with a media token for this export, so a plain link (no bearer header) works.
 */
export const AccountExport = t.Object({
  id: t.String(),
  status: t.UnionEnum(EXPORT_STATUSES),
  createdAt: t.String({ format: "date-time" }),
  readyAt: t.Nullable(t.String({ format: "date-time" })),
  /** When the sweep deletes the zip (EXPORT_TTL_SECONDS after it was ready). */
  expiresAt: t.Nullable(t.String({ format: "date-time" })),
  sizeBytes: t.Nullable(t.Number()),
  downloadUrl: t.Nullable(t.String()),
});
export type AccountExport = typeof AccountExport.static;

export const AccountExportList = t.Array(AccountExport);
export type AccountExportList = typeof AccountExportList.static;
