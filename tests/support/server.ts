import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import type { TestCluster } from "./cluster";
import { putMigratedDatabase } from "./sqlite-template";
import { migratedPostgresDatabase, testOnPostgres } from "./test-database";

const ROOT = join(import.meta.dir, "../..");

/** Where API calls go: a server's address, or, with `handle`, an app in this test process (in-process-app.ts). */
export interface ApiServer {
  url: string;
  handle?: (request: Request) => Promise<Response>;
}

export interface TestServer extends ApiServer {
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

/** Whether the API suite runs against a cluster (STEMMA_TEST_TARGET=cluster, scripts/check.sh's second pass). */
export const testOnCluster = process.env.STEMMA_TEST_TARGET === "cluster";

/**
 * The server API tests talk to. With STEMMA_TEST_TARGET=cluster, a whole cluster behind nginx
 * (tests/support/cluster.ts; scripts/check.sh runs chosen files so), which restarts with its `restart`, not
 * over a data folder; otherwise one real server (`startSingleServer`).
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  if (!testOnCluster) return startSingleServer(options);
  if (options.dataDir) throw new Error("a test cluster restarts with its restart(), not over a data folder");
  const { startCluster } = await import("./cluster");
  return startCluster({ env: options.env });
}

/** `server` as the cluster it is (startServer under STEMMA_TEST_TARGET=cluster), or null for one server. */
export const clusterOf = (server: TestServer): TestCluster | null => ("apis" in server ? (server as TestCluster) : null);

/** The processes behind `server`: itself, or a cluster's API instances and workers (each with a data folder). */
export function processesOf(server: TestServer): TestServer[] {
  const cluster = clusterOf(server);
  return cluster ? [...cluster.apis, ...cluster.workers] : [server];
}

/** Each data folder's PostgreSQL database, so a restart over the same data finds the same rows. */
const databaseOf = new Map<string, string>();

/**
 * Starts the real server as `npm start` runs it (`bun src/server/main.bundle.js`) on a free port (or env.PORT) with a fresh temporary
 * DATA_DIR, or on `dataDir` to restart over existing data. Needs the Astro build (`npm test` makes it).
 * Under STEMMA_TEST_DATABASE=postgres a fresh data folder comes with a fresh PostgreSQL database; a
 * DATABASE_URL in `env` (several servers on one database) wins over both.
 */
export async function startSingleServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "stemma-test-"));
  let databaseUrl = options.env?.DATABASE_URL ?? databaseOf.get(dataDir) ?? null;
  if (!databaseUrl && testOnPostgres) databaseUrl = await migratedPostgresDatabase();
  if (databaseUrl) databaseOf.set(dataDir, databaseUrl);
  else if (!options.dataDir && !options.env?.DATA_DIR) putMigratedDatabase(dataDir);
  const proc = Bun.spawn(["bun", "src/server/main.bundle.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      // As npm start and the image run it (bun test sets "test"): React's production server renderer.
      NODE_ENV: "production",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      JWT_SECRET: "",
      DATABASE_URL: databaseUrl ?? "",
      // Every test signs up accounts, thousands in a run: argon2id at its cheapest (modules/auth/passwords.ts).
      PASSWORD_HASH_COST: "test",
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let log = "";
  let url: string | null = null;
  const listening = Promise.withResolvers<string>();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      log += decoder.decode(chunk);
      const match = url ? null : log.match(/listening on (http:\/\/localhost:\d+)/);
      if (match) listening.resolve(match[1] as string);
    }
  };
  const outputs = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  // Resolved by the log line itself: no polling delay on each of the many starts a test run makes.
  const timer = setTimeout(() => listening.reject(new Error(`server did not start:\n${log}`)), 30_000);
  void outputs.then(() => listening.reject(new Error(`server exited early:\n${log}`)));
  url = await listening.promise.finally(() => clearTimeout(timer));
  const server: TestServer = {
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
  return server;
}
