import { beforeAll } from "bun:test";
import { freePort } from "../../src/server/infra/ports";
import { clusterOf, type TestServer, testOnCluster } from "./server";

/** The address browsers reach `server` at (its PUBLIC_URL): a cluster's nginx, or the single server itself. */
export const publicUrlOf = (server: TestServer) => clusterOf(server)?.env.PUBLIC_URL ?? server.url;

/**
 * Server env whose PUBLIC_URL is the address the test server answers on, for tests that read absolute addresses the
 * server writes (link previews, oEmbed, feeds): a single server gets a free port chosen first, in a beforeAll (pass
 * the object to setUpServer after calling this, so it is filled before the server starts); a cluster sets its own.
 */
export function publicUrlEnv(env: Record<string, string> = {}): Record<string, string> {
  const filled: Record<string, string> = { ...env };
  beforeAll(async () => {
    if (testOnCluster) return;
    const port = String(await freePort());
    Object.assign(filled, { PORT: port, PUBLIC_URL: `http://localhost:${port}` });
  });
  return filled;
}
