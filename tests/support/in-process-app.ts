import { afterAll, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { api } from "../../src/server/api";
import { boot } from "../../src/server/boot";
import { loadConfig } from "../../src/server/config";
import { sweepsOf } from "../../src/server/jobs/sweeps";
import { closeRuntime, createRuntime } from "../../src/server/open-runtime";
import { installRuntime, type Runtime } from "../../src/server/runtime";
import { setUpServer } from "./lifecycle";
import { type ApiServer, testOnCluster } from "./server";
import { putMigratedDatabase } from "./sqlite-template";
import { migratedPostgresDatabase, testOnPostgres } from "./test-database";

/** What API tests read of the server they call: where it answers (or how), its data folder and its database. */
export interface ServedApi extends ApiServer {
  dataDir: string;
  /** The PostgreSQL database it runs on (STEMMA_TEST_DATABASE=postgres), else null: SQLite in dataDir. */
  databaseUrl: string | null;
}

/** `request` as an HTTP client sends it, its body's length in Content-Length (body-limit.ts refuses bodies without). */
async function asSent(request: Request): Promise<Request> {
  if (!request.body) return request;
  const body = await request.arrayBuffer();
  const headers = new Headers(request.headers);
  headers.set("content-length", String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body });
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the app is not started yet: use it inside a test or hook");
  return value;
}

/**
 * setUpServer for API tests that need no server process: the same /api app, built in this test process on a
 * runtime of its own (a fresh data folder, the job worker and sweeps running, as main.ts does), answering through
 * Elysia's `app.handle` with no socket in between. tests/support/api.ts helpers take it like a server. Under
 * STEMMA_TEST_TARGET=cluster it is the real cluster, so the cluster lane asserts the same as before. (Elysia's own
 * router once answered GET /api/tracks 404 here: docs/upstream/elysia-prefix-root.md, worked around in modules/lists.)
 */
export function setUpApp(options: { env?: Record<string, string> } = {}): { readonly server: ServedApi } {
  if (testOnCluster) return setUpServer(options);
  let server: ServedApi | undefined;
  let runtime: Runtime | undefined;
  let stopSweeps = () => {};
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "stemma-app-"));
    const databaseUrl = testOnPostgres ? await migratedPostgresDatabase() : null;
    if (!databaseUrl && !options.env?.DATA_DIR) putMigratedDatabase(dataDir);
    // As tests/support/server.ts starts a server, less what only a process needs (its port, its renderer).
    const config = loadConfig({
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl ?? "",
      PASSWORD_HASH_COST: "test",
      ...options.env,
    });
    runtime = await createRuntime(config);
    installRuntime(runtime);
    await boot({ runsJobs: true });
    const sweeps = sweepsOf(config);
    for (const sweep of sweeps) sweep.start();
    stopSweeps = () => {
      for (const sweep of sweeps) sweep.stop();
    };
    const app = new Elysia().use(api);
    server = { url: config.publicUrl, dataDir, databaseUrl, handle: async (request) => app.handle(await asSent(request)) };
  }, 60_000);
  afterAll(async () => {
    stopSweeps();
    if (runtime) await closeRuntime(runtime);
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      return started(server);
    },
  };
}
