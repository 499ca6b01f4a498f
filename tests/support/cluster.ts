import { afterAll, beforeAll } from "bun:test";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { freePort } from "../../scripts/lib/ports";
import { startNginx, type TestNginx } from "./nginx";
import { startS3Server, type TestS3Server } from "./s3-server";
import { startSingleServer, type TestServer } from "./server";
import { freshPostgresDatabase, migratedPostgresDatabase } from "./test-database";

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
}

export interface ClusterOptions {
  env?: Record<string, string>;
  workers?: number;
  /**
   * `empty` (the default) boots the processes at once on an empty database, as a compose `up` does; `migrated`
   * on a copy of one migrated once per test process (the API suite's clusters: their tests are not about boot).
   */
  database?: "empty" | "migrated";
}

/** What a restart keeps: the database, the bucket, nginx on its port, each API instance's port, every data folder. */
interface Deployment {
  databaseUrl: string;
  s3: TestS3Server;
  nginx: TestNginx;
  apiPorts: [number, number];
  /** The cluster's own settings, under the caller's env at every (re)start. */
  baseEnv: Record<string, string>;
}

type Processes = { apis: [TestServer, TestServer]; workers: TestServer[] };

/** `count` distinct free ports: nginx's and the API instances' are all known before anything starts. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * Starts the API instances (on `apiPorts`) and `workers` workers at once with `env`, each on its folder in
 * `dataDirs` when given (a restart) or a fresh one. If any fails to boot, the others are killed and its error thrown.
 */
async function startProcesses(env: Record<string, string>, apiPorts: number[], workers: number, dataDirs: string[] = []) {
  const roles: Record<string, string>[] = [
    ...apiPorts.map((port) => ({ STEMMA_ROLE: "api", PORT: String(port) })),
    ...Array.from({ length: workers }, () => ({ STEMMA_ROLE: "worker" })),
  ];
  const starts = await Promise.allSettled(
    roles.map((role, i) => startSingleServer({ dataDir: dataDirs[i], env: { ...env, ...role } })),
  );
  const started = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const failed = starts.find((start) => start.status === "rejected");
  if (failed) {
    await Promise.all(started.map((server) => server.kill()));
    throw failed.reason;
  }
  const [a, b, ...rest] = started as TestServer[];
  return { apis: [a, b], workers: rest } as Processes;
}

/** The TestCluster over a deployment and the processes running in it with `env`. */
function clusterOf(deployment: Deployment, env: Record<string, string>, { apis, workers }: Processes): TestCluster {
  const all = [...apis, ...workers];
  const stopProcesses = () => Promise.all(all.map((server) => server.stop({ keepData: true })));
  return {
    url: deployment.nginx.url,
    // Each process has its own; none holds shared data (tests read media and rows through stored-files.ts and
    // database-rows.ts, and what each process keeps locally through processesOf).
    dataDir: apis[0].dataDir,
    databaseUrl: deployment.databaseUrl,
    proc: apis[0].proc,
    apis,
    workers,
    s3: deployment.s3,
    env,
    output: () => all.map((server) => server.output()).join("\n"),
    /** With keepData only the app processes stop (nginx then answers 502), as `docker compose stop app worker`. */
    async stop({ keepData = false } = {}) {
      await stopProcesses();
      if (keepData) return;
      await deployment.nginx.stop();
      await deployment.s3.stop();
      for (const server of all) rmSync(server.dataDir, { recursive: true, force: true });
    },
    async kill() {
      await Promise.all(all.map((server) => server.kill()));
    },
    async restart(callerEnv = {}) {
      await stopProcesses();
      const next = { ...deployment.baseEnv, ...callerEnv };
      const dataDirs = all.map((server) => server.dataDir);
      return clusterOf(deployment, next, await startProcesses(next, deployment.apiPorts, workers.length, dataDirs));
    },
  };
}

export async function startCluster(options: ClusterOptions = {}): Promise<TestCluster> {
  // A database of its own in the test process's one PostgreSQL cluster: clusters never share rows or jobs.
  const database = options.database === "migrated" ? migratedPostgresDatabase() : freshPostgresDatabase();
  const [databaseUrl, s3, [port, ...apiPorts]] = await Promise.all([database, startS3Server(), freePorts(3)]);
  const baseEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    ...s3.env,
    JWT_SECRET: randomBytes(48).toString("base64url"),
    // Every instance must know the address browsers use.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUSTED_PROXIES: "127.0.0.1",
    // Workers log each job they start at debug: the trail the cluster tests follow.
    LOG_LEVEL: "debug",
  };
  const env = { ...baseEnv, ...options.env };
  // nginx and the instances (booting at once on the database, as a compose `up` does) start side by side.
  const [proxy, processes] = await Promise.allSettled([
    startNginx(apiPorts, port),
    startProcesses(env, apiPorts, options.workers ?? 1),
  ]);
  if (proxy.status === "rejected" || processes.status === "rejected") {
    if (proxy.status === "fulfilled") await proxy.value.stop();
    if (processes.status === "fulfilled")
      await Promise.all(
        Object.values(processes.value)
          .flat()
          .map((server) => server.kill()),
      );
    await s3.stop();
    throw proxy.status === "rejected" ? proxy.reason : (processes as PromiseRejectedResult).reason;
  }
  const deployment = { databaseUrl, s3, nginx: proxy.value, apiPorts: apiPorts as [number, number], baseEnv };
  return clusterOf(deployment, env, processes.value);
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
