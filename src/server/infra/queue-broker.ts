import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { log } from "../logger";
import { ROOT } from "../paths";
import { freePort, waitForPort } from "./ports";

const BUNQUEUE_CLI = join(ROOT, "node_modules/bunqueue/dist/cli/index.js");
/** A port picked free can be taken before the broker binds it; then it exits and another is tried. */
const PORT_TRIES = 5;

export interface QueueBroker {
  port: number;
  stop(): Promise<void>;
}

/**
 * This process's own bunqueue broker on PostgreSQL (docs/scale-out.md §2): `bunqueue start` as a child
 * on a loopback port, sharing jobs with every other broker through the database. Its broker id is its
 * own, so leases it held are recovered by the others when it dies. The child gets a parent-death signal
 * (`setpriv --pdeathsig`), so a Stemma process killed outright takes its broker along: the "whole node"
 * case that was verified, rather than an orphan broker renewing leases for a worker that is gone.
 */
export async function startQueueBroker(databaseUrl: string, leaseMs: number): Promise<QueueBroker> {
  const brokerId = `stemma-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawnBroker(databaseUrl, brokerId, port, leaseMs);
    const started = await Promise.race([
      waitForPort(port, "the queue broker", 30_000).then(() => true),
      child.exited.then(() => false),
    ]).catch(() => false);
    if (started && child.exitCode === null) {
      log.info("queue broker started", { brokerId, port });
      return { port, stop: () => stopBroker(child) };
    }
    child.kill("SIGKILL");
    await child.exited;
    if (attempt >= PORT_TRIES) throw new Error(`the queue broker did not start (exit code ${child.exitCode})`);
  }
}

function spawnBroker(databaseUrl: string, brokerId: string, port: number, leaseMs: number): Subprocess {
  const tieToParent = Bun.which("setpriv") ? ["setpriv", "--pdeathsig", "KILL", "--"] : [];
  return Bun.spawn([...tieToParent, process.execPath, BUNQUEUE_CLI, "start"], {
    cwd: ROOT,
    // Only what the broker needs: it reads S3_* and AWS_* for backups of its own, which must stay off.
    env: {
      PATH: process.env.PATH ?? "",
      BUNQUEUE_POSTGRES_URL: databaseUrl,
      BUNQUEUE_POSTGRES_NAMESPACE: "stemma",
      BUNQUEUE_BROKER_ID: brokerId,
      BUNQUEUE_POSTGRES_LEASE_DURATION_MS: String(leaseMs),
      HOST: "127.0.0.1",
      TCP_PORT: String(port),
      HTTP_PORT: "0",
      LOG_LEVEL: "warn",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
}

async function stopBroker(child: Subprocess): Promise<void> {
  child.kill("SIGTERM");
  const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
  if (!exited) child.kill("SIGKILL");
  await child.exited;
}
