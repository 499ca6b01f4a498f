import { t } from "elysia";
import { BACKUP_STATUSES, BACKUP_TRIGGERS } from "./schema";

/** One backup as the admins' Backups screen shows it. */
export const BackupRun = t.Object({
  status: t.UnionEnum(BACKUP_STATUSES),
  trigger: t.UnionEnum(BACKUP_TRIGGERS),
  startedAt: t.String({ format: "date-time" }),
  finishedAt: t.Nullable(t.String({ format: "date-time" })),
  durationMs: t.Nullable(t.Number()),
  /** The database snapshot and every object the backup names, in bytes. */
  sizeBytes: t.Nullable(t.Number()),
  /** What this backup copied; the rest was already held by an earlier one. */
  copiedBytes: t.Nullable(t.Number()),
  objectCount: t.Nullable(t.Number()),
  /** Whether what was written matched the manifest. */
  verified: t.Boolean(),
  error: t.Nullable(t.String()),
});
export type BackupRun = typeof BackupRun.static;

/** GET /admin/backups: whether backups are scheduled (BACKUP_DIR), how, and the newest run. */
export const BackupStatus = t.Object({
  enabled: t.Boolean(),
  intervalHours: t.Nullable(t.Number()),
  keep: t.Nullable(t.Number()),
  last: t.Nullable(BackupRun),
});
export type BackupStatus = typeof BackupStatus.static;
