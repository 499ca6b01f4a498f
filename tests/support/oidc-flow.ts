import { afterAll, beforeAll } from "bun:test";
import { freePort } from "../../src/server/infra/ports";
import type { Session } from "./api";
import { type LiveServer, setUpServer } from "./lifecycle";
import { oidcEnv, type ProviderClaims, startTestProvider, type TestProvider } from "./oidc-provider";
import { publicUrlOf } from "./public-url";
import { type TestServer, testOnCluster } from "./server";

export { publicUrlOf };

/**
 * A test provider with `accounts`, and a Stemma server signing in with it (with `env`), registered at the provider
 * as its client. Stemma's PUBLIC_URL must be known before it starts (it is the callback's address): a single
 * server gets a port chosen first; a cluster sets PUBLIC_URL itself.
 */
export function setUpOidcServer(
  accounts: Record<string, ProviderClaims>,
  env: Record<string, string> = {},
): { live: LiveServer; provider: () => TestProvider } {
  // Debug logs every API request's URL (as a cluster's processes do): the callback's code and state must not show.
  const serverEnv: Record<string, string> = { LOG_LEVEL: "debug", ...env };
  let provider: TestProvider | undefined;
  beforeAll(async () => {
    provider = await startTestProvider(accounts);
    Object.assign(serverEnv, oidcEnv(provider), env);
    if (!testOnCluster) {
      const port = String(await freePort());
      Object.assign(serverEnv, { PORT: port, PUBLIC_URL: `http://localhost:${port}` });
    }
  }, 30_000);
  // setUpServer reads serverEnv when its own hook runs, after the one above filled it.
  const live = setUpServer({ env: serverEnv });
  beforeAll(async () => {
    await provider?.allowRedirectsTo([`${publicUrlOf(live.server)}/api/auth/oidc/callback`]);
  }, 30_000);
  // The provider is a child process: left running, it outlives the test run.
  afterAll(() => provider?.stop());
  return {
    live,
    provider: () => {
      if (!provider) throw new Error("the provider is not started yet");
      return provider;
    },
  };
}

/** Cookies per host, as a browser keeps them (ports share a host's cookies; paths are left out: each name is one). */
export class CookieJar {
  private readonly hosts = new Map<string, Map<string, string>>();

  header(url: string): string {
    const cookies = this.hosts.get(new URL(url).hostname) ?? new Map();
    return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(url: string, response: Response): void {
    const host = new URL(url).hostname;
    const cookies = this.hosts.get(host) ?? new Map<string, string>();
    this.hosts.set(host, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const gone = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (gone) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  get(url: string, name: string): string | undefined {
    return this.hosts.get(new URL(url).hostname)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).hostname;
    this.hosts.set(host, (this.hosts.get(host) ?? new Map()).set(name, value));
  }
}

/** One request with the jar's cookies, redirects not followed; the jar keeps what it sets. */
export async function visit(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // As a browser sends a change from the site's own page (Stemma refuses one with its session cookie and no Origin).
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", new URL(url).origin);
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.take(url, response);
  return response;
}

/**
 * A browser's way from Stemma's "Sign in with…" to the provider and back, up to (not into) the step that leaves the
 * provider: follows redirects, and signs in as `login` on the provider's login form when it shows one. Answers the
 * URL the provider sends the browser to (Stemma's callback, with its code and state) or, when Stemma sent it
 * elsewhere first (/login?oidc_error=…), that URL.
 */
export async function toCallback(jar: CookieJar, server: TestServer, login: string, next?: string): Promise<string> {
  const base = publicUrlOf(server);
  let url = `${base}/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ""}`;
  for (let step = 0; step < 20; step++) {
    const response = await visit(jar, url);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, url).href;
      if (new URL(target).origin === new URL(base).origin) return target;
      url = target;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (response.status !== 200 || !action || !html.includes('name="login"'))
      throw new Error(`unexpected answer from ${url}: ${response.status} ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt: "login", login, password: "any password" });
    const posted = await visit(jar, new URL(action, url).href, { method: "POST", body: form });
    const next = posted.headers.get("location");
    if (!next) throw new Error(`the provider's login answered ${posted.status}`);
    url = new URL(next, url).href;
  }
  throw new Error("too many redirects between Stemma and the provider");
}

/** Where the callback at `callbackUrl` sends the browser: its /login?… address. */
export async function finishCallback(jar: CookieJar, callbackUrl: string): Promise<URL> {
  const response = await visit(jar, callbackUrl);
  const location = response.headers.get("location");
  if (response.status !== 303 || !location) throw new Error(`the callback answered ${response.status}: ${await response.text()}`);
  return new URL(location, callbackUrl);
}

/** What the login page does after `oidc=done`: takes the session from POST /api/auth/oidc/session. */
export async function takeSession(jar: CookieJar, server: TestServer): Promise<{ status: number; body: Session }> {
  const response = await visit(jar, `${publicUrlOf(server)}/api/auth/oidc/session`, { method: "POST" });
  return { status: response.status, body: (await response.json()) as Session };
}

/** The whole sign-in as `login`: the /login address it ends on, and the session when it signed in. */
export async function signInWithProvider(server: TestServer, login: string, jar = new CookieJar()) {
  const callbackUrl = await toCallback(jar, server, login);
  const landing = callbackUrl.includes("/api/auth/oidc/callback") ? await finishCallback(jar, callbackUrl) : new URL(callbackUrl);
  const session = landing.searchParams.get("oidc") === "done" ? await takeSession(jar, server) : null;
  return { landing, session: session?.status === 200 ? session.body : null, jar, callbackUrl };
}
