import { and, desc, eq, lt } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type BACKUP_TRIGGERS, type BackupRunRow, backupRuns } from "./schema";

type Trigger = (typeof BACKUP_TRIGGERS)[number];
export type FinishedRun = Pick<
  BackupRunRow,
  "status" | "name" | "sizeBytes" | "copiedBytes" | "objectCount" | "verified" | "error"
>;

export const backupsRepo = {
  /**
   * A RUNNING row holding the one lock (running_lock's unique index), after failing a run whose heartbeat
   * stopped before `staleBefore`; null when a live run holds it.
   */
  async start(trigger: Trigger, now: Date, staleBefore: Date, interrupted: string): Promise<string | null> {
    await db()
      .update(backupRuns)
      .set({ status: "FAILED", error: interrupted, runningLock: null })
      .where(and(eq(backupRuns.runningLock, 1), lt(backupRuns.heartbeatAt, staleBefore)));
    // The lock's unique index refuses a second RUNNING row: no row comes back, in either dialect.
    const [row] = await db()
      .insert(backupRuns)
      .values({ status: "RUNNING", trigger, startedAt: now, heartbeatAt: now, runningLock: 1 })
      .onConflictDoNothing()
      .returning({ id: backupRuns.id });
    return row?.id ?? null;
  },
  async heartbeat(id: string, now: Date): Promise<void> {
    await db()
      .update(backupRuns)
      .set({ heartbeatAt: now })
      .where(and(eq(backupRuns.id, id), eq(backupRuns.status, "RUNNING")));
  },
  async finish(id: string, finishedAt: Date, run: FinishedRun): Promise<void> {
    await db()
      .update(backupRuns)
      .set({ ...run, finishedAt, runningLock: null })
      .where(eq(backupRuns.id, id));
  },
  /** The newest run (ids are in creation order). */
  latest: async (): Promise<BackupRunRow | undefined> =>
    (await db().select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1))[0],
};
