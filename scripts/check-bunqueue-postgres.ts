/**
 * Does bunqueue's PostgreSQL mode keep jobs across crashes, under Bun? (findings in docs/scale-out.md)
 *
 *   bun scripts/check-bunqueue-postgres.ts            # a throwaway PostgreSQL cluster in a temp folder
 *   DATABASE_URL=postgres://… bun scripts/check-bunqueue-postgres.ts
 *
 * Two brokers (`bunqueue start`, PostgreSQL storage, one namespace) and one worker process on each.
 * Durable jobs are added through broker A, then:
 *   1. a worker is SIGKILLed mid-job: the job is finished by a worker;
 *   2. a whole node (broker A and its worker) is SIGKILLed mid-job: broker B's worker finishes the job
 *      once its lease has expired.
 * Each job runs longer than the lease, so healthy workers must renew it. Every job must complete exactly
 * once (a cut-short run never completes). Prints the recovery times; exits 1 with the reason otherwise.
 */

import { join } from "node:path";
import type { Subprocess } from "bun";
import { Queue, Worker } from "bunqueue/client";
import { freePort, waitForPort } from "../src/server/infra/ports";
import { startThrowawayPostgres } from "./lib/throwaway-postgres";

const QUEUE = "scale-check";
/** Longer than the lease, so a healthy worker must have its lease renewed or the job would run twice. */
const JOB_MS = 4000;
const LEASE_MS = 3000;

type Event = { event: "started" | "done"; job: string; worker: string; at: number };

if (process.argv[2] === "worker") await runWorker(Number(process.argv[3]), process.argv[4] as string);
else await main();

/** Child: a worker on one broker, printing one JSON line when it starts and when it finishes a job. */
async function runWorker(port: number, name: string): Promise<void> {
  const say = (event: Event["event"], job: string) =>
    console.log(JSON.stringify({ event, job, worker: name, at: Date.now() } satisfies Event));
  new Worker(
    QUEUE,
    async (job) => {
      say("started", String(job.id));
      await Bun.sleep(JOB_MS);
      say("done", String(job.id));
    },
    // The claim's lease is the worker's lockDuration (30 s by default), renewed while the job runs.
    { connection: { host: "127.0.0.1", port }, concurrency: 1, lockDuration: LEASE_MS, heartbeatInterval: LEASE_MS / 3 },
  );
  await new Promise(() => {});
}

async function main(): Promise<void> {
  const cluster = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
  const url = process.env.DATABASE_URL ?? (cluster?.url as string);
  const events: Event[] = [];
  const children: Subprocess[] = [];
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    const brokerA = startBroker(url, "a", portA);
    const brokerB = startBroker(url, "b", portB);
    children.push(brokerA, brokerB);
    await Promise.all([waitForPort(portA, "broker a"), waitForPort(portB, "broker b")]);
    let workerA = startWorker(portA, "worker-a", events);
    const workerB = startWorker(portB, "worker-b", events);
    children.push(workerA, workerB);

    const queue = new Queue(QUEUE, { connection: { host: "127.0.0.1", port: portA } });
    const ids = Array.from({ length: 6 }, (_, i) => `job-${i + 1}`);
    for (const jobId of ids) await queue.add("check", { jobId }, { jobId, durable: true, attempts: 3 });
    queue.close();

    const killedJob = (await waitFor(events, (e) => e.event === "started" && e.worker === "worker-a")).job;
    workerA.kill("SIGKILL");
    const killedAt = Date.now();
    log(`1. SIGKILLed worker-a while it ran ${killedJob}`);
    const redone = await waitFor(events, (e) => e.event === "done" && e.job === killedJob, 30_000);
    log(`   ${killedJob} finished by ${redone.worker} ${redone.at - killedAt} ms later`);

    workerA = startWorker(portA, "worker-a2", events);
    children.push(workerA);
    const nodeJob = (await waitFor(events, (e) => e.event === "started" && e.worker === "worker-a2", 30_000)).job;
    brokerA.kill("SIGKILL");
    workerA.kill("SIGKILL");
    const nodeKilledAt = Date.now();
    log(`2. SIGKILLed broker A and worker-a2 while it ran ${nodeJob} (lease ${LEASE_MS} ms)`);
    const recovered = await waitFor(events, (e) => e.event === "done" && e.job === nodeJob && e.worker === "worker-b", 60_000);
    log(`   ${nodeJob} finished by ${recovered.worker} ${recovered.at - nodeKilledAt} ms later`);

    for (const jobId of ids) await waitFor(events, (e) => e.event === "done" && e.job === jobId, 60_000);
    const finished = (jobId: string) => events.filter((e) => e.event === "done" && e.job === jobId).length;
    const cutShort = new Set([killedJob, nodeJob]);
    const wrong = ids.filter((jobId) => finished(jobId) !== 1);
    log(`   completions: ${ids.map((jobId) => `${jobId}×${finished(jobId)}`).join(" ")}`);
    if (wrong.length) throw new Error(`jobs finished other than once: ${wrong.join(", ")} (cut short: ${[...cutShort]})`);
    log("OK: bunqueue's PostgreSQL mode finished every job once, including both cut short by SIGKILL");
  } finally {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map((child) => child.exited));
    if (cluster) await cluster.stop();
  }
}

function log(line: string): void {
  console.log(line);
}

function startBroker(url: string, id: string, port: number): Subprocess {
  return Bun.spawn([process.execPath, "node_modules/bunqueue/dist/cli/index.js", "start"], {
    cwd: join(import.meta.dir, ".."),
    env: {
      ...process.env,
      BUNQUEUE_POSTGRES_URL: url,
      BUNQUEUE_BROKER_ID: id,
      BUNQUEUE_POSTGRES_LEASE_DURATION_MS: String(LEASE_MS),
      HOST: "127.0.0.1",
      TCP_PORT: String(port),
      HTTP_PORT: "0",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
}

function startWorker(port: number, name: string, events: Event[]): Subprocess<"ignore", "pipe", "inherit"> {
  const child = Bun.spawn([process.execPath, import.meta.path, "worker", String(port), name], {
    stdout: "pipe",
    stderr: "inherit",
  });
  void (async () => {
    let buffered = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("{")) events.push(JSON.parse(line) as Event);
    }
  })();
  return child;
}

async function waitFor(events: Event[], match: (event: Event) => boolean, timeoutMs = 20_000): Promise<Event> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = events.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out; events so far: ${JSON.stringify(events)}`);
    await Bun.sleep(50);
  }
}
