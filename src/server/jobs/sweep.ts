import { enqueue } from "../infra/queue";
import { log } from "../logger";
import type { JobName, JobPayload } from "./definitions";

/** Jobs that take no payload: the ones a timer can enqueue. */
type SweepJob = { [N in JobName]: Record<string, never> extends JobPayload<N> ? N : never }[JobName];

/**
 * A timer that enqueues the sweep job `name` for something that lasts `periodSeconds` (a TTL, a grace
 * period). It runs a few times per period (every quarter, at least each second, at most hourly), so
 * nothing outlives its time by more than a quarter of the period or an hour.
 *
 * Once per time slot across every process sharing the queue: the job's id is its slot, and it is added
 * delayed to the slot's end, so it stays queued for the whole slot and the queue refuses that id from
 * any other process (or a restart) meanwhile; after it ran, the clocks have moved to the next slot. A
 * lock in the database would stop two sweeps at once, not a second one in the same slot, and needs a
 * table; the queue already keeps ids unique under PostgreSQL's row locks. The sweeps are idempotent, so
 * clocks disagreeing at a slot's edge cost at most one empty run.
 */
export function periodicSweep(name: SweepJob, periodSeconds: number) {
  const intervalMs = Math.min(3600, Math.max(1, periodSeconds / 4)) * 1000;
  let timer: ReturnType<typeof setInterval> | null = null;

  const enqueueSweep = () => {
    const now = Date.now();
    const slot = Math.floor(now / intervalMs);
    enqueue(name, {}, `${name}:${slot}`, (slot + 1) * intervalMs - now).catch((error) =>
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
