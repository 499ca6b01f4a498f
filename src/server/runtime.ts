import type { Config } from "./config";
import type { Db, PostgresDb } from "./db/open";
import type { JobQueue } from "./infra/queue";
import type { FileStore } from "./store/file-store";

/**
 * Everything a running Stemma holds open: its settings, database, media store and job queue. Built once by whoever
 * runs the code (main.ts, a script, a test: `createRuntime` in open-runtime.ts) and installed here, so that importing
 * any file opens, starts, reads or writes nothing; code reads it at call time through `runtime()`.
 */
export interface Runtime {
  config: Config;
  /** The database repos query; on PostgreSQL, `postgresDb` typed as SQLite (see db/index.ts). */
  db: Db;
  /** The PostgreSQL instance under its own type (transactions, raw queries, LISTEN/NOTIFY), else null. */
  postgresDb: PostgresDb | null;
  fileStore: FileStore;
  /** Null in processes that run no jobs and add none (scripts that only read and write rows). */
  queue: JobQueue | null;
}

let installed: Runtime | null = null;

/** Makes `runtime` the one this process's code uses, until another is installed (tests build one per file). */
export function installRuntime(runtime: Runtime): void {
  installed = runtime;
}

/** The installed runtime; throws when code that needs it runs before main.ts (or a script, or a test) installed one. */
export function runtime(): Runtime {
  if (!installed)
    throw new Error("No runtime installed: build one with createRuntime (src/server/open-runtime.ts) and installRuntime it");
  return installed;
}

/**
 * `build` run once per runtime, on first use: what derives from the settings or the database (a signing key, prepared
 * statements, ffmpeg slots) is made when first needed, never at import, and afresh for another runtime.
 */
export function perRuntime<T>(build: (runtime: Runtime) => T): () => T {
  const built = new WeakMap<Runtime, T>();
  return () => {
    const current = runtime();
    if (!built.has(current)) built.set(current, build(current));
    return built.get(current) as T;
  };
}
