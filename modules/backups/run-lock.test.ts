/**
 * One backup at a time across every process sharing the database: backup_runs' running_lock (a unique index) lets
 * one RUNNING row hold it; a run whose heartbeat stopped is failed and its lock taken over. In-process on SQLite,
 * as the row lock means the same in both dialects (the index decides).
 */
import { afterAll, expect, test } from "bun:test";
import { openTestDatabase } from "../../tests/support/in-process-database";
import { backupsRepo } from "./repo";
import { backupRuns } from "./schema";

const db = await openTestDatabase("backup-runs");
afterAll(() => db.delete(backupRuns).run());

const MINUTE = 60_000;
const INTERRUPTED = "Interrupted: the process running it stopped";

test("a second run is refused while one holds the lock, and may start once it finished", async () => {
  const now = new Date();
  const first = await backupsRepo.start("SCHEDULED", now, new Date(now.getTime() - 5 * MINUTE), INTERRUPTED);
  expect(first).toEqual(expect.any(String));
  expect(await backupsRepo.start("MANUAL", now, new Date(now.getTime() - 5 * MINUTE), INTERRUPTED)).toBeNull();
  await backupsRepo.finish(first as string, new Date(), {
    status: "SUCCEEDED",
    name: "x",
    sizeBytes: 1,
    copiedBytes: 1,
    objectCount: 0,
    verified: true,
    error: null,
  });
  const second = await backupsRepo.start("MANUAL", now, new Date(now.getTime() - 5 * MINUTE), INTERRUPTED);
  expect(second).toEqual(expect.any(String));
  expect((await backupsRepo.latest())?.id).toBe(second as string);
  await backupsRepo.finish(second as string, new Date(), {
    status: "FAILED",
    name: null,
    sizeBytes: null,
    copiedBytes: null,
    objectCount: null,
    verified: false,
    error: "disk full",
  });
});

test("a run whose heartbeat stopped is failed as interrupted, and the next one takes the lock", async () => {
  const then = new Date(Date.now() - 20 * MINUTE);
  const dead = await backupsRepo.start("SCHEDULED", then, new Date(then.getTime() - 5 * MINUTE), INTERRUPTED);
  await backupsRepo.heartbeat(dead as string, new Date(then.getTime() + MINUTE)); // its last sign of life
  const now = new Date();
  const next = await backupsRepo.start("SCHEDULED", now, new Date(now.getTime() - 5 * MINUTE), INTERRUPTED);
  expect(next).toEqual(expect.any(String));
  const rows = await db.select().from(backupRuns).all();
  expect(rows.find((row) => row.id === dead)).toMatchObject({ status: "FAILED", error: INTERRUPTED, runningLock: null });
  expect(rows.find((row) => row.id === next)).toMatchObject({ status: "RUNNING", runningLock: 1 });
});
