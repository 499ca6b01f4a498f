import { runBackup } from "../../src/server/backup/run";
import { serverBackupSource } from "../../src/server/backup/source";
import { config } from "../../src/server/config";
import { badRequest } from "../../src/server/errors";
import { enqueue } from "../../src/server/infra/queue";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { tellAdmins } from "../auth/service";
import type { BackupRun, BackupStatus } from "./model";
import { backupsRepo } from "./repo";
import type { BackupRunRow } from "./schema";

export const BACKUPS_OFF = "Backups are not set up: set BACKUP_DIR (see docs/operating.md, Backups) and restart";
const HEARTBEAT_MS = 60_000;
/** A RUNNING row whose heartbeat is this old belongs to a process that died (or to a restored backup). */
const STALE_MS = 5 * HEARTBEAT_MS;

const INTERRUPTED = "Interrupted: the process running it stopped";

/**
 * A RUNNING row whose heartbeat stopped is shown as the failure it is (the next run marks it so): a process
 * that died mid-backup, or, in a restored install, the backup it was restored from, running when its snapshot
 * was taken.
 */
const runView = (row: BackupRunRow, now = Date.now()): BackupRun => {
  const stale = row.status === "RUNNING" && now - row.heartbeatAt.getTime() > STALE_MS;
  return stale ? { ...finishedView(row), status: "FAILED", error: INTERRUPTED } : finishedView(row);
};

const finishedView = (row: BackupRunRow): BackupRun => ({
  status: row.status,
  trigger: row.trigger,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  sizeBytes: row.sizeBytes,
  copiedBytes: row.copiedBytes,
  objectCount: row.objectCount,
  verified: row.verified,
  error: row.error,
});

export async function backupStatus(): Promise<BackupStatus> {
  const last = await backupsRepo.latest();
  return {
    enabled: config().backups !== null,
    intervalHours: config().backups?.intervalHours ?? null,
    keep: config().backups?.keep ?? null,
    last: last ? runView(last) : null,
  };
}

/**
 * "Back up now": queued for whichever process runs jobs. The job's id names the newest run so far, so clicks
 * before the asked-for backup starts ask once, and a click after it started asks for another.
 */
export async function requestBackup(): Promise<BackupStatus> {
  if (!config().backups) throw badRequest(BACKUPS_OFF);
  await enqueue("backups.now", {}, `backups.now:after:${(await backupsRepo.latest())?.id ?? "none"}`);
  return backupStatus();
}

/** The hourly sweep: a backup when the newest run started BACKUP_INTERVAL_HOURS ago or more (or none ever did). */
export async function runDueBackup(): Promise<void> {
  const { backups } = config();
  if (!backups) return;
  const last = await backupsRepo.latest();
  if (last && Date.now() - last.startedAt.getTime() < backups.intervalHours * 3600_000) return;
  await runBackupNow("SCHEDULED");
}

/**
 * One backup into BACKUP_DIR, unless one runs elsewhere (the row lock). A failure is recorded and told to every
 * admin; it is not thrown, so the queue does not run it again at once: the next slot or click tries again.
 */
export async function runBackupNow(trigger: BackupRun["trigger"]): Promise<void> {
  const backups = config().backups;
  if (!backups) return;
  const now = new Date();
  const id = await backupsRepo.start(trigger, now, new Date(now.getTime() - STALE_MS), INTERRUPTED);
  if (!id) {
    log.info("a backup is already running elsewhere: this one is skipped", { trigger });
    return;
  }
  const heartbeat = setInterval(() => {
    backupsRepo.heartbeat(id, new Date()).catch((error) => log.warn("backup heartbeat failed", { error: String(error) }));
  }, HEARTBEAT_MS);
  try {
    const { name, manifest } = await runBackup(backups.folder, serverBackupSource(config(), fileStore()), { keep: backups.keep });
    const sizeBytes = manifest.database.size + manifest.objects.reduce((sum, object) => sum + object.size, 0);
    await backupsRepo.finish(id, new Date(), {
      status: "SUCCEEDED",
      name,
      sizeBytes,
      copiedBytes: manifest.copiedBytes,
      objectCount: manifest.objects.length,
      verified: true,
      error: null,
    });
    log.info("backup written and verified", { name, sizeBytes, copiedBytes: manifest.copiedBytes });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error("backup failed", { error: message });
    await backupsRepo.finish(id, new Date(), {
      status: "FAILED",
      name: null,
      sizeBytes: null,
      copiedBytes: null,
      objectCount: null,
      verified: false,
      error: message,
    });
    await tellAdmins({
      title: "Backup failed",
      message: `The backup into ${backups.folder} failed: ${message}`,
      link: "/admin/backups",
    });
  } finally {
    clearInterval(heartbeat);
  }
}
