import { tooManyRequests } from "../../src/server/errors";
import { createRateLimiter } from "../../src/server/http/rate-limit";
import { enqueue } from "../../src/server/infra/queue";
import { log } from "../../src/server/logger";
import type { Viewer } from "../auth/service";
import type { AccountExport } from "./model";
import { exportsRepo } from "./repo";
import { exportView } from "./service";

/*
 * The only part of the module that talks to the queue, so the reads (and the job's handler) never open it.
 */

/** Exports started per user per day (UTC): each is a full copy of the user's media, read and written again. */
export const EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 3600 * 1000;
/**
 * Counted in the shared rate-limit table rather than from this module's rows: a new export removes the older ones,
 * and their starts must still count.
 */
const startsPerDay = createRateLimiter("account-export", EXPORTS_PER_DAY, DAY_MS);

/** Counts a start for `userId`, or answers when the day's window ends if none is left. */
async function admitStart(userId: string): Promise<Date | null> {
  const now = Date.now();
  if (await startsPerDay.blocked(userId, now)) return new Date(now - (now % DAY_MS) + DAY_MS);
  await startsPerDay.hit(userId, now);
  return null;
}

/** The id makes a second add (the boot's re-queue) a no-op while the job is queued or running. */
const enqueueExport = (exportId: string) => enqueue("account.export", { exportId }, `account-export-${exportId}`);

/** "in 3 hours", "in 20 minutes": when a refused user may ask again. */
function wait(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `in ${Math.round(minutes / 60)} hours`;
}

/**
 * POST /api/auth/me/export: starts an export, or answers the one already being made (asking twice never makes two).
 * Past EXPORTS_PER_DAY (a start that fails still counts) it answers 429 saying when to try again.
 */
export async function startExport(viewer: Viewer): Promise<AccountExport> {
  const outcome = await exportsRepo.start(viewer.id, () => admitStart(viewer.id));
  if (outcome.kind === "limited")
    throw tooManyRequests(`You can start ${EXPORTS_PER_DAY} exports a day. Try again ${wait(outcome.retryAt)}.`);
  if (outcome.kind === "created") {
    try {
      await enqueueExport(outcome.row.id);
    } catch (error) {
      await exportsRepo.markFailed(outcome.row.id);
      throw error;
    }
  }
  return exportView(outcome.row, viewer.id);
}

/** Boot: every export still PENDING gets its job back (a crash between the insert and the enqueue leaves none). */
export async function resumePendingExports(): Promise<void> {
  const ids = await exportsRepo.pendingIds();
  for (const id of ids) await enqueueExport(id);
  if (ids.length) log.info("re-queued account exports still pending", { count: ids.length });
}
