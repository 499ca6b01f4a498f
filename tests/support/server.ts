import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freshPostgresDatabase, testOnPostgres } from "./test-database";

const ROOT = join(import.meta.dir, "../..");

export interface TestServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database it runs on (STEMMA_TEST_DATABASE=postgres, or given), else null: SQLite in dataDir. */
  databaseUrl: string | null;
  proc: Subprocess;
  /** Stops with SIGTERM and waits; removes the data folder unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL: the crash case. The data folder is kept for a restart. */
  kill(): Promise<void>;
  /** Everything the server printed so far (for log assertions). */
  output(): string;
}

type ServerOptions = { env?: Record<string, string>; dataDir?: string };

/**
 * The server API tests talk to. With STEMMA_TEST_TARGET=cluster, a whole cluster behind nginx
 * (tests/support/cluster.ts; scripts/check.sh runs chosen files so), which cannot restart over a data
 * folder; otherwise one real server (`startSingleServer`).
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  if (process.env.STEMMA_TEST_TARGET !== "cluster") return startSingleServer(options);
  if (options.dataDir)
    throw new Error("a test cluster cannot restart over a data folder: leave this file out of the cluster run");
  const { startCluster } = await import("./cluster");
  return startCluster({ env: options.env });
}

/** Each data folder's PostgreSQL database, so a restart over the same data finds the same rows. */
const databaseOf = new Map<string, string>();

/**
 * Starts the real server (`bun src/server/main.ts`) on a free port with a fresh temporary DATA_DIR,
 * or on `dataDir` to restart over existing data. Needs the Astro build (`npm test` makes it).
 * Under STEMMA_TEST_DATABASE=postgres a fresh data folder comes with a fresh PostgreSQL database; a
 * DATABASE_URL in `env` (several servers on one database) wins over both.
 */
export async function startSingleServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "stemma-test-"));
  let databaseUrl = options.env?.DATABASE_URL ?? databaseOf.get(dataDir) ?? null;
  if (!databaseUrl && testOnPostgres) databaseUrl = await freshPostgresDatabase();
  if (databaseUrl) databaseOf.set(dataDir, databaseUrl);
  const proc = Bun.spawn(["bun", "src/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      JWT_SECRET: "",
      DATABASE_URL: databaseUrl ?? "",
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let log = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) log += decoder.decode(chunk);
  };
  void collect(proc.stdout);
  void collect(proc.stderr);
  const deadline = Date.now() + 30_000;
  let url: string | null = null;
  while (!url) {
    const match = log.match(/listening on (http:\/\/localhost:\d+)/);
    if (match) url = match[1] as string;
    else if (proc.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    else if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    else await Bun.sleep(50);
  }
  return {
    url,
    dataDir,
    databaseUrl,
    proc,
    output: () => log,
    async stop({ keepData = false } = {}) {
      proc.kill("SIGTERM");
      await proc.exited;
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      proc.kill("SIGKILL");
      await proc.exited;
    },
  };
}
