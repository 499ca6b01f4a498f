/**
 * Proves the embedded queue works on this machine: starts the worker, adds a durable ping job and
 * waits for it to run. Prints `ok` and exits 0, or exits 1. Uses DATA_DIR like the server.
 */

import { enqueue, startWorker } from "../src/server/infra/queue";
import { jobHandlers } from "../src/server/jobs/handlers";
import { waitForPing } from "../src/server/jobs/ping";
import { closeRuntime, startRuntime } from "../src/server/open-runtime";

const runtime = await startRuntime();
startWorker(jobHandlers);
const nonce = crypto.randomUUID();
const ran = waitForPing(nonce, 10_000);
await enqueue("system.ping", { nonce });
const ok = await ran;
await closeRuntime(runtime);
console.log(ok ? "ok" : "the ping job did not run");
process.exit(ok ? 0 : 1);
