import { useCallback, useEffect, useState } from "react";
import type { BackupRun, BackupStatus } from "../../modules/backups/model";
import { ApiError } from "../lib/api";
import { formatFileSize } from "../lib/format";
import { SignInNotice } from "../shell/PageGuard";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { AdminShell } from "./AdminShell";
import { StatusBadge } from "./AdminTable";
import { backupStatus, requestBackup } from "./admin-api";
import { SIGNED_OUT_MESSAGE } from "./use-admin-list";

/** How often the screen asks again while a backup runs. */
const POLL_MS = 2000;

const seconds = (ms: number) => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);

function runBadge(run: BackupRun) {
  if (run.status === "RUNNING") return <StatusBadge on={false} label="Running" />;
  if (run.status === "FAILED") return <StatusBadge on={false} label="Failed" />;
  return <StatusBadge on={run.verified} label={run.verified ? "Verified" : "Not verified"} />;
}

function LastBackup({ run }: { run: BackupRun }) {
  const facts: Array<[string, string]> = [
    ["Started", new Date(run.startedAt).toLocaleString()],
    ["Started by", run.trigger === "MANUAL" ? "An admin (Back up now)" : "The schedule"],
  ];
  if (run.durationMs !== null) facts.push(["Duration", seconds(run.durationMs)]);
  if (run.sizeBytes !== null) facts.push(["Size", formatFileSize(run.sizeBytes)]);
  if (run.copiedBytes !== null) facts.push(["Copied this time", formatFileSize(run.copiedBytes)]);
  if (run.objectCount !== null) facts.push(["Media files", String(run.objectCount)]);
  return (
    <section className="card-panel backup-last" aria-labelledby="last-backup-heading">
      <h2 id="last-backup-heading">Last Backup {runBadge(run)}</h2>
      <dl className="backup-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {run.error && (
        <p className="form-error" role="alert">
          {run.error}
        </p>
      )}
    </section>
  );
}

function Backups() {
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "signed-out" | "failed">("loading");
  const [asking, setAsking] = useState(false);
  /** The run shown when Back up now was pressed: the screen polls until a newer one has finished. */
  const [waitingAfter, setWaitingAfter] = useState<string | null | undefined>(undefined);

  const load = useCallback(() => {
    backupStatus()
      .then((loaded) => {
        setStatus(loaded);
        setState("ready");
      })
      .catch((error) => {
        console.error("Failed to load the backup status", error);
        setState(error instanceof ApiError && error.status === 401 ? "signed-out" : "failed");
      });
  }, []);
  useEffect(load, [load]);

  const last = status?.last ?? null;
  const newerFinished = last !== null && last.startedAt !== waitingAfter && last.status !== "RUNNING";
  const busy = asking || last?.status === "RUNNING" || (waitingAfter !== undefined && !newerFinished);
  useEffect(() => {
    if (!busy || asking) return;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, asking, load]);

  const backUpNow = () => {
    setAsking(true);
    setWaitingAfter(last?.startedAt ?? null);
    requestBackup()
      .then(setStatus)
      .catch((error) => {
        console.error("Failed to ask for a backup", error);
        setWaitingAfter(undefined);
      })
      .finally(() => setAsking(false));
  };

  if (state === "signed-out") return <SignInNotice message={SIGNED_OUT_MESSAGE} />;
  if (state === "loading") return <Loading />;
  if (state === "failed" || !status) return <ErrorView onRetry={load} />;
  if (!status.enabled) {
    return (
      <section className="card-panel">
        <h2>Backups are not scheduled</h2>
        <p>
          Set <code>BACKUP_DIR</code> (and optionally <code>BACKUP_INTERVAL_HOURS</code> and <code>BACKUP_KEEP</code>) and restart
          to back up on a schedule. <code>npm run backup</code> backs up by hand meanwhile.
        </p>
      </section>
    );
  }
  return (
    <>
      <section className="card-panel backup-schedule">
        <p>
          Every {status.intervalHours} hours, keeping the last {status.keep}.
        </p>
        <button type="button" className="button" onClick={backUpNow} disabled={busy}>
          {busy ? "Backing up…" : "Back up now"}
        </button>
      </section>
      {last ? <LastBackup run={last} /> : <p className="muted">No backup yet.</p>}
    </>
  );
}

export default function BackupsPage() {
  return (
    <AdminShell current="/admin/backups">
      <Backups />
    </AdminShell>
  );
}
