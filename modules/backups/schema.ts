import { bigInt, bool, int, orderedId, table, text, textEnum, timestampMs, uniqueIndex } from "../../src/server/db/columns";

export const BACKUP_STATUSES = ["RUNNING", "SUCCEEDED", "FAILED"] as const;
export const BACKUP_TRIGGERS = ["SCHEDULED", "MANUAL"] as const;

/** Every scheduled or requested backup (src/server/backup/run.ts writes it; this row is what the admins see). */
export const backupRuns = table(
  "backup_runs",
  {
    id: orderedId(),
    status: textEnum("status", BACKUP_STATUSES).notNull(),
    trigger: textEnum("trigger", BACKUP_TRIGGERS).notNull(),
    startedAt: timestampMs("started_at").notNull(),
    /**
     * Moved on every minute while the run is RUNNING: a run whose process died (or the RUNNING row a restored
     * backup holds of itself) stops holding the lock once this is a few minutes old.
     */
    heartbeatAt: timestampMs("heartbeat_at").notNull(),
    finishedAt: timestampMs("finished_at"),
    /** The backup's folder name under BACKUP_DIR, once finished. */
    name: text("name"),
    /** The database snapshot and every object the backup names. */
    sizeBytes: bigInt("size_bytes"),
    /** What this run copied; the rest an earlier backup already held. */
    copiedBytes: bigInt("copied_bytes"),
    objectCount: int("object_count"),
    verified: bool("verified").notNull().default(false),
    error: text("error"),
    /**
     * 1 while the run is RUNNING, null after: the unique index lets one backup run at a time across every
     * process sharing the database, which no folder lock can across machines.
     */
    runningLock: int("running_lock"),
  },
  (t) => [uniqueIndex("backup_runs_running_idx").on(t.runningLock)],
);

export type BackupRunRow = typeof backupRuns.$inferSelect;
