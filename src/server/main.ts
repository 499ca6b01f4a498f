import { Elysia } from "elysia";
import { closeEventStreams } from "../../modules/events/service";
import { api } from "./api";
import { boot } from "./boot";
import { pages } from "./http/pages";
import { stopQueue } from "./infra/queue";
import { sweepsOf } from "./jobs/sweeps";
import { log } from "./logger";
import { startRuntime } from "./open-runtime";
import { workerHealth } from "./worker-health";

/**
 * One Bun process, by STEMMA_ROLE: `all` serves pages, /api and media and runs the jobs; `api` only
 * serves; `worker` only runs jobs (and the sweeps, which run where jobs run), answering `/api/health`
 * on PORT for its orchestrator.
 */
const runtime = await startRuntime();
const { config } = runtime;
const serves = config.role !== "worker";
const runsJobs = config.role !== "api";
const sweeps = sweepsOf(config);

await boot({ runsJobs });
if (runsJobs) for (const sweep of sweeps) sweep.start();

const site = serves ? await pages() : null;
// Kept public pages leave before /api's hooks run (modules/pages).
const app = (site ? new Elysia().use(site.kept).use(api).use(site.routes) : workerHealth)
  // No body cap at the socket: uploads stream to disk under MAX_UPLOAD_MB, other routes get 1 MB (body-limit.ts).
  .listen({ port: config.port, idleTimeout: 120, maxRequestBodySize: Number.MAX_SAFE_INTEGER });

const SHUTDOWN_GRACE_MS = 5_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  // Jobs that do not finish in time stay in the durable queue and run again on the next boot.
  const timer = setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS);
  for (const sweep of sweeps) sweep.stop();
  await prerendering?.stop();
  closeEventStreams();
  await app.stop();
  await stopQueue(runtime.queue).catch((error) => log.warn("queue did not close cleanly", { error: String(error) }));
  clearTimeout(timer);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// Serving processes have Astro loaded: they render the public pages that became due.
const prerendering = site?.prerender();

// Announced only once a stop signal shuts down cleanly: whoever waits for this line may send one at once.
const url = `http://localhost:${app.server?.port}`;
if (config.passwordHashCost === "test")
  log.warn("PASSWORD_HASH_COST=test: new password hashes resist no offline guessing; never use it for real accounts");
log.info(`Stemma listening on ${url}`, { port: app.server?.port, role: config.role, dataDir: config.dataDir });
