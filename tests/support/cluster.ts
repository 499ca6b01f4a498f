import { afterAll, beforeAll } from "bun:test";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { freePort } from "../../src/server/infra/ports";
import { NGINX_ADDRESS, startNginx, type TestNginx } from "./nginx";
import { startS3Server, type TestS3Server } from "./s3-server";
import { startSingleServer, type TestServer } from "./server";
import { migratedPostgresDatabase } from "./test-database";

/**
 * docker-compose.yml on loopback: PostgreSQL, an S3 server (s3rver), two app instances with
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
   * Stops the API instances and workers; with `keepData` that is all (nginx, the bucket and the data folders stay
   * for a restart, as `docker compose stop app worker`), else nginx and the S3 server stop too and the folders go.
   */
  stop(options?: { keepData?: boolean }): Promise<void>;
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

/** `count` distinct free ports. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

export async function startCluster(options: ClusterOptions = {}): Promise<TestCluster> {
  // A database of its own in the test process's one PostgreSQL cluster: clusters never share rows or jobs. A copy of
  // one migrated once (FILE_COPY on a cluster without fsync): 0.9 s to copy and open, where migrating took 2–3.4 s
  // on a loaded machine.
  const database = migratedPostgresDatabase();
  // Every port first (the instances must know the address browsers use, PUBLIC_URL; nginx its upstreams), so that
  // nginx and the instances then start side by side.
  const [databaseUrl, s3, [port, ...apiPorts]] = await Promise.all([database, startS3Server(), freePorts(3)]);
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    ...s3.env,
    JWT_SECRET: randomBytes(48).toString("base64url"),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Workers log each job they start at debug: the trail the cluster tests follow.
    LOG_LEVEL: "debug",
    ...options.env,
    // nginx is always believed; a caller's TRUSTED_PROXIES names proxies in front of it.
    TRUSTED_PROXIES: [NGINX_ADDRESS, options.env?.TRUSTED_PROXIES].filter(Boolean).join(", "),
  };
  const [nginx, processes] = await Promise.allSettled([
    startNginx(apiPorts, port as number),
    // The instances boot at once on the empty database, as a compose `up` does.
    startProcesses(env, options.workers ?? 1, apiPorts),
  ]);
  if (nginx.status === "fulfilled" && processes.status === "fulfilled")
    return assemble(processes.value, nginx.value, s3, databaseUrl, env);
  if (nginx.status === "fulfilled") await nginx.value.stop();
  if (processes.status === "fulfilled") await processes.value.kill();
  await s3.stop();
  throw nginx.status === "rejected" ? nginx.reason : (processes as PromiseRejectedResult).reason;
}

/** The app's processes of a cluster: two API instances and the workers. */
interface Processes {
  apis: [TestServer, TestServer];
  workers: TestServer[];
  apiPorts: number[];
  output(): string;
  crashApi(index: 0 | 1, whileDown: () => Promise<void>): Promise<void>;
  /** SIGTERM to each; their data folders go unless `keepData`. */
  stop(keepData: boolean): Promise<void>;
  kill(): Promise<void>;
}

/**
 * Starts the API instances (on `apiPorts`: nginx's upstreams) and `workers` workers, all at once, each over its
 * folder in `dataDirs` when given (a restart), else a fresh one. If any fails to boot, the others are killed.
 */
async function startProcesses(
  env: Record<string, string>,
  workers: number,
  apiPorts: number[],
  dataDirs: string[] = [],
): Promise<Processes> {
  const roles: Record<string, string>[] = [
    ...apiPorts.map((port) => ({ STEMMA_ROLE: "api", PORT: String(port) })),
    ...Array.from({ length: workers }, () => ({ STEMMA_ROLE: "worker" })),
  ];
  const starts = await Promise.allSettled(
    roles.map((role, i) => startSingleServer({ dataDir: dataDirs[i], env: { ...env, ...role } })),
  );
  const started = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const kill = () => Promise.all(started.map((server) => server.kill())).then(() => undefined);
  const failed = starts.flatMap((start) => (start.status === "rejected" ? [start.reason as Error] : []));
  if (failed.length) {
    await kill();
    // Every refusal, so a test can tell one process's from all of theirs.
    throw new Error(
      `${failed.length} of ${roles.length} processes did not boot:\n${failed.map((error) => error.message).join("\n")}`,
    );
  }
  const [a, b, ...rest] = started;
  const apis: [TestServer, TestServer] = [a as TestServer, b as TestServer];
  return {
    apis,
    workers: rest,
    apiPorts,
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
    async stop(keepData) {
      await Promise.all(started.map((server) => server.stop({ keepData: true })));
      if (!keepData) for (const server of started) rmSync(server.dataDir, { recursive: true, force: true });
    },
    kill,
  };
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
    async stop({ keepData = false } = {}) {
      await processes.stop(keepData);
      if (keepData) return;
      await nginx.stop();
      await s3.stop();
    },
    kill: processes.kill,
    // Each process over its own data folder again, as a restarted container finds its file system.
    async restart(changes) {
      await processes.stop(true);
      const next = { ...env, ...changes };
      const dataDirs = [...apis, ...workers].map((server) => server.dataDir);
      const restarted = await startProcesses(next, workers.length, processes.apiPorts, dataDirs);
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
