import { afterAll, beforeAll } from "bun:test";
import { rmSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { type Origin, originUrl } from "./origins";
import { clusterOf, startServer, type TestServer } from "./server";
import { type SignedInPageOptions, signedInPage } from "./signed-in-page";

/**
 * One real server per test file (or describe block), started before its tests and stopped after.
 * The object is live: read `server` inside tests and hooks, not at import time.
 */
export interface LiveServer {
  /** The running server (after a restart, the new one). */
  readonly server: TestServer;
  /**
   * Stops the server, keeping its data, and starts it again on the same data folder and port with
   * `env` over the first start's (another JWT_SECRET, another quota); a cluster restarts its processes. Stopping an already stopped
   * server is harmless, so a test may stop it itself to see a page while it is down.
   */
  restartServer(env?: Record<string, string>): Promise<TestServer>;
}

export interface LiveServerAndBrowser extends LiveServer {
  readonly browser: Browser;
  /**
   * A fresh browser context, signed in as `token` (or not, with null), on `path` of the server, reached on `origin`
   * (localhost unless the options name the plain-http LAN name, ./origins.ts).
   */
  openPage(
    path: string,
    token: string | null,
    options?: SignedInPageOptions & { origin?: Origin },
  ): Promise<{ context: BrowserContext; page: Page }>;
}

type Options = { env?: Record<string, string> };

function started<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`the ${name} is not started yet: use it inside a test or hook`);
  return value;
}

/**
 * Registers beforeAll (start the real server, with `env`) and afterAll (stop it, remove its data
 * folder). Call it before the file's own beforeAll, which then runs with the server up.
 */
export function setUpServer(options: Options = {}): LiveServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer({ env: options.env });
  }, 60_000);
  afterAll(async () => {
    if (!server) return;
    await server.stop();
    // A restarted server was given the data folder, so its stop keeps it: remove it here.
    rmSync(server.dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      return started(server, "server");
    },
    async restartServer(env = {}) {
      const current = started(server, "server");
      // A cluster keeps nothing in its processes' data folders: it restarts its processes on the same database and bucket.
      const cluster = clusterOf(current);
      if (cluster) {
        server = await cluster.restart(env);
        return server;
      }
      const port = new URL(current.url).port;
      await current.stop({ keepData: true });
      server = await startServer({ dataDir: current.dataDir, env: { ...options.env, PORT: port, ...env } });
      return server;
    },
  };
}

/** setUpServer, plus Debian's Chromium for browser tests (closed after the tests). */
export function setUpServerAndBrowser(options: Options = {}): LiveServerAndBrowser {
  const live = setUpServer(options);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(() => browser?.close());
  return {
    get server() {
      return live.server;
    },
    get browser() {
      return started(browser, "browser");
    },
    restartServer: (env) => live.restartServer(env),
    async openPage(path, token, pageOptions = {}) {
      const opened = await signedInPage(started(browser, "browser"), token, pageOptions);
      await opened.page.goto(`${originUrl(live.server.url, pageOptions.origin ?? "localhost")}${path}`);
      return opened;
    },
  };
}
