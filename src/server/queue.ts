import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { Queue, Worker } from "bunqueue/client";
import { config } from "./config";
import { type JobHandlers, type JobName, type JobPayload, jobDefinitions } from "./jobs/definitions";
import { log } from "./logger";

/** The one queue adapter: bunqueue embedded, persisted in DATA_DIR/queue, every job added durably. */
const QUEUE_DIR = join(config.dataDir, "queue");
mkdirSync(QUEUE_DIR, { recursive: true });
const dataPath = join(QUEUE_DIR, "jobs.db");

type Envelope = { payload: unknown };

const queue = new Queue<Envelope>("stemma", { embedded: true, dataPath });
let worker: Worker<Envelope> | null = null;

/**
 * Adds a job durably (it survives SIGKILL once this resolves). `jobId` makes it idempotent:
 * adding the same id twice runs once.
 */
export async function enqueue<N extends JobName>(name: N, payload: JobPayload<N>, jobId?: string): Promise<string> {
  const definition = jobDefinitions[name];
  if (!Value.Check(definition.payload, payload)) throw new Error(`Invalid payload for job ${name}`);
  const job = await queue.add(
    name,
    { payload },
    { durable: true, attempts: definition.attempts, timeout: definition.timeoutMs, jobId, removeOnComplete: true },
  );
  return String(job.id);
}

/** Starts processing; throws at boot when a declared job has no handler. */
export function startWorker(handlers: JobHandlers): void {
  for (const name of Object.keys(jobDefinitions)) {
    if (typeof handlers[name as JobName] !== "function") throw new Error(`Job ${name} has no handler`);
  }
  worker = new Worker<Envelope>(
    "stemma",
    async (job, context) => {
      const name = job.name as JobName;
      const definition = jobDefinitions[name];
      if (!definition) throw new Error(`Unknown job ${job.name}`);
      if (!Value.Check(definition.payload, job.data.payload)) throw new Error(`Invalid payload for job ${name}`);
      const signal = context?.signal ?? new AbortController().signal;
      await (handlers[name] as (payload: unknown, signal: AbortSignal) => Promise<void>)(job.data.payload, signal);
    },
    { embedded: true, dataPath, concurrency: config.jobConcurrency },
  );
  worker.on("failed", (job, error) => log.warn("job failed", { job: job?.name, id: job?.id, error: String(error) }));
}

/** Whether the queue answers (health check). */
export async function queueReachable(): Promise<boolean> {
  try {
    await queue.getJobCounts();
    return true;
  } catch {
    return false;
  }
}

/** Lets running jobs finish (bounded by the caller's timeout), then closes the queue. */
export async function stopQueue(): Promise<void> {
  await worker?.close();
  await queue.close();
}
