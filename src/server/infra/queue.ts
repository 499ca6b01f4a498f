import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { Queue, type QueueOptions, shutdownManager, Worker, type WorkerOptions } from "bunqueue/client";
import type { Config } from "../config";
import { isDatabaseBusy } from "../errors";
import { type JobHandlers, type JobName, type JobPayload, jobDefinitions } from "../jobs/definitions";
import { log } from "../logger";
import { runtime } from "../runtime";
import { type QueueBroker, startQueueBroker } from "./queue-broker";

type Envelope = { payload: unknown };

/** An open queue: this process's handle on it, its broker (PostgreSQL mode), and its worker once started. */
export interface JobQueue {
  queue: Queue<Envelope>;
  broker: QueueBroker | null;
  /** How the worker reaches the queue, and its lease (PostgreSQL mode). */
  workerOptions: WorkerOptions;
  worker: Worker<Envelope> | null;
}

/**
 * The one queue adapter, every job added durably. Embedded (no DATABASE_URL): bunqueue in this process,
 * persisted in DATA_DIR/queue. PostgreSQL: a broker of this process's own, sharing jobs with every
 * other process's through the database (docs/scale-out.md), reached over loopback TCP.
 */
export async function openQueue(config: Config): Promise<JobQueue> {
  const leaseMs = config.jobLeaseSeconds * 1000;
  const broker = config.databaseUrl ? await startQueueBroker(config.databaseUrl, leaseMs) : null;
  const connection: QueueOptions & WorkerOptions = broker
    ? { connection: { host: "127.0.0.1", port: broker.port } }
    : embeddedOptions(config.dataDir);
  // A claimed job's lease is the worker's lockDuration, renewed by its heartbeat; the heartbeat must be well
  // under the lease or running jobs lose it and run twice (measured, docs/scale-out.md §2).
  const lease: WorkerOptions = broker ? { lockDuration: leaseMs, heartbeatInterval: Math.floor(leaseMs / 3) } : {};
  return {
    queue: new Queue<Envelope>("stemma", connection),
    broker,
    workerOptions: { ...connection, ...lease, concurrency: config.jobConcurrency },
    worker: null,
  };
}

function embeddedOptions(dataDir: string): QueueOptions & WorkerOptions {
  const folder = join(dataDir, "queue");
  mkdirSync(folder, { recursive: true });
  return { embedded: true, dataPath: join(folder, "jobs.db") };
}

/** The installed runtime's queue; a process built without one (a script) cannot add or run jobs. */
function jobQueue(): JobQueue {
  const { queue } = runtime();
  if (!queue) throw new Error("This process was started without the job queue");
  return queue;
}

/**
 * Adds a job durably (it survives SIGKILL once this resolves). `jobId` makes it idempotent:
 * adding the same id twice runs once.
 */
export async function enqueue<N extends JobName>(name: N, payload: JobPayload<N>, jobId?: string, delayMs = 0): Promise<string> {
  const definition = jobDefinitions[name];
  if (!Value.Check(definition.payload, payload)) throw new Error(`Invalid payload for job ${name}`);
  const job = await jobQueue().queue.add(
    name,
    { payload },
    {
      durable: true,
      attempts: definition.attempts,
      timeout: definition.timeoutMs,
      jobId,
      delay: delayMs,
      removeOnComplete: true,
    },
  );
  return String(job.id);
}

/** Starts processing; throws at boot when a declared job has no handler. */
export function startWorker(handlers: JobHandlers): void {
  for (const name of Object.keys(jobDefinitions)) {
    if (typeof handlers[name as JobName] !== "function") throw new Error(`Job ${name} has no handler`);
  }
  const opened = jobQueue();
  opened.worker = new Worker<Envelope>(
    "stemma",
    async (job, context) => {
      const name = job.name as JobName;
      const definition = jobDefinitions[name];
      if (!definition) throw new Error(`Unknown job ${job.name}`);
      if (!Value.Check(definition.payload, job.data.payload)) throw new Error(`Invalid payload for job ${name}`);
      // Which process took which job (LOG_LEVEL=debug): with several workers, the trail of a job moved after a crash.
      log.debug("job started", { job: name, id: job.id });
      const signal = context?.signal ?? new AbortController().signal;
      const handler = handlers[name] as (payload: unknown, signal: AbortSignal) => Promise<void>;
      await waitingOutBusyDatabase(() => handler(job.data.payload, signal), signal, { job: name, id: job.id });
    },
    opened.workerOptions,
  );
  opened.worker.on("failed", (job, error) => log.warn("job failed", { job: job?.name, id: job?.id, error: String(error) }));
}

/** How long, in all, one attempt of a job waits for a database that another process keeps locked. */
const BUSY_DATABASE_WAIT_MS = 10 * 60_000;
const FIRST_BUSY_PAUSE_MS = 1_000;
const LONGEST_BUSY_PAUSE_MS = 30_000;

/**
 * Runs a job again, after a growing pause, while its writes find the database locked by another process (a backup,
 * a script holding a write transaction): the work was not at fault, so it must not spend the job's attempts, which a
 * lock of a few seconds did, leaving the track PENDING until the next boot. Every job is idempotent, so running it
 * again redoes only what is missing.
 */
async function waitingOutBusyDatabase(run: () => Promise<void>, signal: AbortSignal, job: Record<string, unknown>) {
  const started = Date.now();
  for (let pause = FIRST_BUSY_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_BUSY_PAUSE_MS)) {
    try {
      return await run();
    } catch (error) {
      if (!isDatabaseBusy(error) || signal.aborted || Date.now() - started > BUSY_DATABASE_WAIT_MS) throw error;
      log.warn("job waits for the database, locked by another process", { ...job, retryInMs: pause });
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, pause);
        signal.addEventListener("abort", () => resolve(clearTimeout(timer)), { once: true });
      });
    }
  }
}

/** Whether the queue answers (health check). */
export async function queueReachable(): Promise<boolean> {
  try {
    await jobQueue().queue.getJobCounts();
    return true;
  } catch {
    return false;
  }
}

/** Lets running jobs finish (bounded by the caller's timeout), then closes the queue and its broker. */
export async function stopQueue(opened: JobQueue | null): Promise<void> {
  await opened?.worker?.close();
  await opened?.queue.close();
  await opened?.broker?.stop();
  // The embedded queue's store is process-wide: let a later runtime in this process open one of its own (tests).
  if (opened && !opened.broker) shutdownManager();
}
