import { ensureProductFlags } from "../../modules/admin/service";
import { sweepFilesInFlight } from "../../modules/track-files/service";
import { startWorker } from "./infra/queue";
import { sweepStaging } from "./infra/staging";
import { jobHandlers } from "./jobs/handlers";
import { prepareFileStore } from "./store";

/**
 * Readies the installed runtime before anything is served or run: leftovers of a crash swept, product flags and the
 * file store checked and, in a process that runs jobs, the worker started.
 */
export async function boot({ runsJobs }: { runsJobs: boolean }): Promise<void> {
  sweepStaging();
  await ensureProductFlags();
  await prepareFileStore();
  if (runsJobs) {
    // Before any request or job starts a change of its own: what is recorded now was cut short.
    await sweepFilesInFlight(true);
    startWorker(jobHandlers);
  }
}
