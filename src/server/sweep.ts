import type { JobName, JobPayload } from "./jobs/definitions";
import { log } from "./logger";
import { enqueue } from "./queue";

/** Jobs that take no payload: the ones a timer can enqueue. */
type SweepJob = { [N in JobName]: Record<string, never> extends JobPayload<N> ? N : never }[JobName];

/**
 * A timer that enqueues the sweep job `name` for something that lasts `periodSeconds` (a TTL, a grace
 * period). It runs a few times per period (every quarter, at least each second, at most hourly), so
 * nothing outlives its time by more than a quarter of the period or an hour. The job id is the time
 * slot, so several timers (or a restart) in one slot still sweep once.
 */
export function periodicSweep(name: SweepJob, periodSeconds: number) {
  const intervalMs = Math.min(3600, Math.max(1, periodSeconds / 4)) * 1000;
  let timer: ReturnType<typeof setInterval> | null = null;

  const enqueueSweep = () => {
    const slot = Math.floor(Date.now() / intervalMs);
    enqueue(name, {}, `${name}:${slot}`).catch((error) =>
      log.warn("could not queue a sweep", { job: name, error: String(error) }),
    );
  };

  return {
    start(): void {
      if (timer) return;
      enqueueSweep();
      timer = setInterval(enqueueSweep, intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
