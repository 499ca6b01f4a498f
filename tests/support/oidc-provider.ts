import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "../../src/server/infra/ports";

/** What the provider says of a person: the claims of its `email`, `profile` and `groups` scopes. */
export interface ProviderClaims {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  /** Its issuer identifier (http://127.0.0.1:port), Stemma's OIDC_ISSUER. */
  issuer: string;
  port: number;
  client: { id: string; secret: string };
  /** Registers where it may send browsers back (a Stemma server's callback) and starts it again with them. */
  allowRedirectsTo(urls: string[]): Promise<void>;
  /** Changes what it says of `login` from the next sign-in on (kept over a restart too). */
  setAccount(login: string, claims: ProviderClaims): Promise<void>;
  /** Moves its clock by `seconds` (negative: into the past), for the tokens it signs from now on. */
  setClockSkew(seconds: number): Promise<void>;
  stop(): Promise<void>;
  /** Starts it again on the same port and settings (after `stop`: the provider coming back). */
  start(): Promise<void>;
  output(): string;
}

const CHILD = join(import.meta.dir, "oidc-provider-child.mjs");

/**
 * A real OpenID provider (oidc-provider v8, run with `node` in a child process) on a free loopback port, with one
 * confidential client and `accounts` (login name → claims) whose login screen takes any password. Its port is known
 * before it starts, so a Stemma server can be given its issuer first and its callback registered here after.
 */
export async function startTestProvider(given: Record<string, ProviderClaims>): Promise<TestProvider> {
  // A copy: setAccount changes this one, never the caller's.
  const accounts = structuredClone(given);
  const port = await freePort();
  const client = { id: "stemma-test", secret: `secret-${crypto.randomUUID()}` };
  let redirectUris: string[] = ["http://127.0.0.1/unused"];
  let proc: Subprocess | null = null;
  let log = "";

  const startOnce = async () => {
    const child = Bun.spawn(["node", CHILD], {
      env: { ...process.env, OIDC_TEST_PROVIDER: JSON.stringify({ port, client: { ...client, redirectUris }, accounts }) },
      stdout: "pipe",
      stderr: "pipe",
    });
    proc = child;
    const ready = Promise.withResolvers<void>();
    const collect = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) {
        log += decoder.decode(chunk);
        if (log.includes("ready\n")) ready.resolve();
      }
    };
    void Promise.all([collect(child.stdout), collect(child.stderr)]).then(() =>
      ready.reject(new Error(`the OIDC provider exited:\n${log}`)),
    );
    const timer = setTimeout(() => ready.reject(new Error(`the OIDC provider did not start:\n${log}`)), 20_000);
    await ready.promise.finally(() => clearTimeout(timer));
  };
  // Its port is free only while it is down: a process elsewhere on the machine may hold it for a moment then (a
  // probe for a free port), so a start that fails is tried again before the test is failed with its reason.
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startOnce();
      } catch (error) {
        if (attempt === 3) throw error;
        console.warn(`the OIDC provider did not start (attempt ${attempt}), trying again:`, (error as Error).message);
        await stop();
        await Bun.sleep(500 * attempt);
      }
    }
  };
  const stop = async () => {
    if (!proc) return;
    proc.kill("SIGTERM");
    await proc.exited;
    proc = null;
    log = "";
  };

  return {
    issuer: `http://127.0.0.1:${port}`,
    port,
    client,
    async allowRedirectsTo(urls) {
      redirectUris = urls;
      await stop();
      await start();
    },
    async setAccount(login, claims) {
      accounts[login] = claims;
      const response = await fetch(`http://127.0.0.1:${port}/test/account?login=${encodeURIComponent(login)}`, {
        method: "POST",
        body: JSON.stringify(claims),
      });
      if (!response.ok) throw new Error(`the provider did not take the account: ${response.status}`);
    },
    async setClockSkew(seconds) {
      const response = await fetch(`http://127.0.0.1:${port}/test/clock?skew=${seconds}`, { method: "POST" });
      if (!response.ok) throw new Error(`the provider's clock did not move: ${response.status}`);
    },
    stop,
    start,
    output: () => log,
  };
}

/** The env a Stemma server needs to offer sign-in with `provider`. */
export const oidcEnv = (provider: TestProvider, extra: Record<string, string> = {}): Record<string, string> => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.client.id,
  OIDC_CLIENT_SECRET: provider.client.secret,
  ...extra,
});
