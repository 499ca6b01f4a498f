import { config } from "../../src/server/config";
import { log } from "../../src/server/logger";
import { enqueue } from "../../src/server/queue";

/**
 * A timer that enqueues the `conversions.expire` sweep. It runs a few times per TTL (at most hourly),
 * so a derivative outlives its expiry by at most a quarter of the TTL or an hour. The job id is the
 * time slot, so several timers (or a restart) in one slot still sweep once.
 */
const intervalMs = Math.min(3600, Math.max(1, config.conversionTtlSeconds / 4)) * 1000;
let timer: ReturnType<typeof setInterval> | null = null;

function enqueueSweep(): void {
  const slot = Math.floor(Date.now() / intervalMs);
  enqueue("conversions.expire", {}, `conversions.expire:${slot}`).catch((error) =>
    log.warn("could not queue the conversion expiry sweep", { error: String(error) }),
  );
}

export function startExpirySweep(): void {
  if (timer) return;
  enqueueSweep();
  timer = setInterval(enqueueSweep, intervalMs);
  timer.unref();
}

export function stopExpirySweep(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
