import { type Config, loadConfigOrExit } from "./config";
import { openAppDatabase } from "./db";
import { openQueue, stopQueue } from "./infra/queue";
import { setLogLevel } from "./logger";
import { installRuntime, type Runtime } from "./runtime";
import { openFileStore } from "./store";

/**
 * Opens what `config` names: the database (migrated), the media store and, unless `queue: false`, the job queue
 * (in PostgreSQL mode that starts this process's broker), logging at its LOG_LEVEL. main.ts calls it once at boot;
 * scripts and tests too.
 */
export async function createRuntime(config: Config, { queue = true } = {}): Promise<Runtime> {
  setLogLevel(config.logLevel);
  const { db, postgresDb } = await openAppDatabase(config);
  return {
    config,
    db,
    postgresDb,
    fileStore: openFileStore(config),
    queue: queue ? await openQueue(config) : null,
  };
}

/** Lets running jobs finish (bounded by the caller's timeout), then closes the queue, its broker and the database. */
export async function closeRuntime(runtime: Runtime): Promise<void> {
  await stopQueue(runtime.queue);
  if (runtime.postgresDb) await runtime.postgresDb.$client.close();
  else runtime.db.$client.close();
}

/**
 * What a process that runs Stemma does first (main.ts, the scripts): reads the settings from the environment (a bad
 * one stops the process), opens what they name and installs it for every module to use.
 */
export async function startRuntime(options: { queue?: boolean } = {}): Promise<Runtime> {
  const runtime = await createRuntime(loadConfigOrExit(), options);
  installRuntime(runtime);
  return runtime;
}
