import { beforeAll } from "bun:test";
import { freePort } from "../../scripts/lib/ports";

/**
 * Server env whose PUBLIC_URL is the address the test server answers on (a free port, chosen in a beforeAll), for
 * tests that read absolute addresses the server writes (link previews, oEmbed, feeds). Pass it to setUpServer after
 * calling this, so its hook runs first and fills the object before the server starts.
 */
export function publicUrlEnv(env: Record<string, string> = {}): Record<string, string> {
  const filled: Record<string, string> = { ...env };
  beforeAll(async () => {
    const port = String(await freePort());
    Object.assign(filled, { PORT: port, PUBLIC_URL: `http://localhost:${port}` });
  });
  return filled;
}
