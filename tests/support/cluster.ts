import { afterAll, beforeAll } from "bun:test";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { freePort } from "../../scripts/lib/ports";
import { startNginx, type TestNginx } from "./nginx";
import { startS3Server, type TestS3Server } from "./s3-server";
import { startSingleServer, type TestServer } from "./server";
import { freshPostgresDatabase } from "./test-database";

/**
 * docker-compose.yml on loopback (issue 12): PostgreSQL, an S3 server (s3rver), two app instances with
 * STEMMA_ROLE=api and one STEMMA_ROLE=worker, all on DATABASE_URL + S3_*, behind nginx round-robin.
 * Each process has a data folder of its own (scratch only, as each container would), one JWT_SECRET
 * shared by all (a session from one instance is good on the other).
 */
export interface TestCluster extends TestServer {
  /** The two API instances nginx balances over. */
  apis: [TestServer, TestServer];
  /** The job workers (one unless asked for more). */
  workers: TestServer[];
  s3: TestS3Server;
  /** Everything the cluster's processes run with: DATABASE_URL, S3_*, JWT_SECRET, PUBLIC_URL, and the caller's env. */
  env: Record<string, string>;
  /**
   * Stops the API instances and workers and starts them again with `env` over the cluster's, on the same
   * database, bucket, ports and nginx: a compose restart with changed settings. Returns the restarted cluster.
   */
  restart(env: Record<string, string>): Promise<TestCluster>;
  /**
   * SIGKILLs API instance `index` (a crash), runs `whileDown`, then boots it again over its data folder on its port,
   * where nginx still sends requests; the other instance and the workers run on throughout.
   */
  crashApi(index: 0 | 1, whileDown: () => Promise<void>): Promise<void>;
}

export interface ClusterOptions {
  env?: Record<string, string>;
  workers?: number;
}

export async function startCluster(options: ClusterOptions = {}): Promise<TestCluster> {
  // An empty database of its own in the test process's one PostgreSQL cluster: clusters never share rows or jobs.
  const [databaseUrl, s3] = await Promise.all([freshPostgresDatabase(), startS3Server()]);
  let processes: Processes | null = null;
  let nginx: TestNginx | null = null;
  try {
    // nginx's port first: every instance must know the address browsers use (PUBLIC_URL).
    const port = await freePort();
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      ...s3.env,
      JWT_SECRET: randomBytes(48).toString("base64url"),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUSTED_PROXIES: "127.0.0.1",
      // Workers log each job they start at debug: the trail the cluster tests follow.
      LOG_LEVEL: "debug",
      ...options.env,
    };
    // The instances boot at once on the empty database, as a compose `up` does.
    processes = await startProcesses(env, options.workers ?? 1, []);
    nginx = await startNginx(processes.apiPorts, port);
    return assemble(processes, nginx, s3, databaseUrl, env);
  } catch (error) {
    await nginx?.stop();
    await processes?.kill();
    await s3.stop();
    throw error;
  }
}

/** The app's processes of a cluster: two API instances and the workers. */
interface Processes {
  apis: [TestServer, TestServer];
  workers: TestServer[];
  apiPorts: number[];
  output(): string;
  crashApi(index: 0 | 1, whileDown: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/** Starts the API instances (on `apiPorts` when given: nginx's upstreams) and `workers` workers, all at once. */
async function startProcesses(env: Record<string, string>, workers: number, apiPorts: number[]): Promise<Processes> {
  const started: TestServer[] = [];
  const start = (role: "api" | "worker", port?: number) =>
    startSingleServer({ env: { ...env, STEMMA_ROLE: role, ...(port ? { PORT: String(port) } : {}) } }).then((server) => {
      started.push(server);
      return server;
    });
  const kill = () => Promise.all(started.map((server) => server.kill())).then(() => undefined);
  try {
    const [a, b, ...rest] = await Promise.all([
      start("api", apiPorts[0]),
      start("api", apiPorts[1]),
      ...Array.from({ length: workers }, () => start("worker")),
    ]);
    const apis: [TestServer, TestServer] = [a as TestServer, b as TestServer];
    return {
      apis,
      workers: rest,
      apiPorts: apis.map((api) => Number(new URL(api.url).port)),
      output: () => started.map((server) => server.output()).join("\n"),
      async crashApi(index, whileDown) {
        const crashed = apis[index];
        await crashed.kill();
        await whileDown();
        const booted = await startSingleServer({
          dataDir: crashed.dataDir,
          env: { ...env, STEMMA_ROLE: "api", PORT: new URL(crashed.url).port },
        });
        apis[index] = booted;
        started[started.indexOf(crashed)] = booted;
      },
      async stop() {
        await Promise.all(started.map((server) => server.stop()));
        // A rebooted instance was given its data folder, so its stop keeps it.
        for (const server of started) rmSync(server.dataDir, { recursive: true, force: true });
      },
      kill,
    };
  } catch (error) {
    await kill();
    throw error;
  }
}

function assemble(
  processes: Processes,
  nginx: TestNginx,
  s3: TestS3Server,
  databaseUrl: string,
  env: Record<string, string>,
): TestCluster {
  const { apis, workers } = processes;
  return {
    url: nginx.url,
    // Each process has its own; none holds shared data (tests reading files directly cannot run here).
    dataDir: apis[0].dataDir,
    databaseUrl,
    get proc() {
      return apis[0].proc;
    },
    apis,
    workers,
    s3,
    env,
    output: processes.output,
    crashApi: processes.crashApi,
    async stop() {
      await nginx.stop();
      await processes.stop();
      await s3.stop();
    },
    kill: processes.kill,
    async restart(changes) {
      await processes.stop();
      const next = { ...env, ...changes };
      const restarted = await startProcesses(next, workers.length, processes.apiPorts);
      return assemble(restarted, nginx, s3, databaseUrl, next);
    },
  };
}

/** Starts a cluster before the file's tests (its own beforeAll then runs with it up) and stops it after. */
export function setUpCluster(options: ClusterOptions = {}): { readonly cluster: TestCluster } {
  let cluster: TestCluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster(options);
  }, 120_000);
  afterAll(() => cluster?.stop());
  return {
    get cluster() {
      if (!cluster) throw new Error("the cluster is not started yet: use it inside a test or hook");
      return cluster;
    },
  };
}
