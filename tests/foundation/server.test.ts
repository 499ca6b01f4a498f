import { describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { call, signUp } from "../support/api";
import type { TestCluster } from "../support/cluster";
import { runSql } from "../support/database-rows";
import { setUpServer } from "../support/lifecycle";
import { clusterOf, processesOf, startServer, testOnCluster } from "../support/server";

const live = setUpServer();

describe("operations", () => {
  test("GET /api/health reports the database and the queue", async () => {
    const res = await call(live.server, "GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: true, queue: true });
  });

  test("GET /api/openapi.json is generated from the route schemas", async () => {
    const res = await call<{ openapi: string; paths: Record<string, unknown> }>(live.server, "GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const path of ["/api/auth/login", "/api/auth/signup", "/api/licenses/{id}", "/api/admin/feature-flags"]) {
      expect(Object.keys(res.body.paths)).toContain(path);
    }
  });

  test.if(!testOnCluster)("without JWT_SECRET a secret is generated once into DATA_DIR with mode 0600", () => {
    const mode = statSync(join(live.server.dataDir, "jwt-secret")).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  // Instances that each generated their own would refuse each other's sessions: a cluster shares JWT_SECRET.
  test.if(testOnCluster)(
    "with JWT_SECRET set no process generates a secret, and a session is good on every instance",
    async () => {
      for (const each of processesOf(live.server)) expect(existsSync(join(each.dataDir, "jwt-secret"))).toBe(false);
      const { apis } = clusterOf(live.server) as TestCluster;
      const session = await signUp(apis[0]);
      for (const api of apis)
        expect((await call<{ id: string }>(api, "GET", "/auth/me", { token: session.token })).body.id).toBe(session.user.id);
    },
  );

  test("test servers hash passwords at PASSWORD_HASH_COST=test, warn at boot, and their accounts sign in", async () => {
    const session = await signUp(live.server);
    const [row] = await runSql<{ password_hash: string }>(
      live.server,
      "select password_hash from users where id = ?",
      session.user.id,
    );
    expect(row?.password_hash).toStartWith("$argon2id$v=19$m=1024,t=1,p=1$");
    const login = await call(live.server, "POST", "/auth/login", {
      body: { email: session.user.email, password: session.password },
    });
    expect(login.status).toBe(200);
    for (const each of processesOf(live.server)) expect(each.output()).toContain("PASSWORD_HASH_COST=test");
  });

  test("every error has the one shape {message}; API responses send Referrer-Policy: no-referrer", async () => {
    const unknown = await call<{ message: string }>(live.server, "GET", "/no-such-route");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Not found" });
    const badJson = await fetch(`${live.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    expect(typeof ((await badJson.json()) as { message: string }).message).toBe("string");
    const missingField = await call<{ message: string }>(live.server, "POST", "/auth/login", { body: { email: "a@b.co" } });
    expect(missingField.status).toBe(400);
    expect(missingField.body.message.length).toBeGreaterThan(0);
    expect(unknown.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("licences", () => {
  test("GET /api/licenses lists the five SPEC types with their labels, no token needed", async () => {
    const res = await call<Array<{ id: string; type: string; name: string; allowsCommercialUse: boolean }>>(
      live.server,
      "GET",
      "/licenses",
    );
    expect(res.status).toBe(200);
    expect(res.body.map((license) => license.type).sort()).toEqual([
      "ALL_RIGHTS_RESERVED",
      "CC_BY",
      "CC_BY_NC",
      "CC_BY_NC_SA",
      "CC_BY_SA",
    ]);
    const byType = Object.fromEntries(res.body.map((license) => [license.type, license]));
    expect(byType.ALL_RIGHTS_RESERVED?.name).toBe("All Rights Reserved");
    expect(byType.CC_BY?.name).toBe("Creative Commons");
    expect(byType.CC_BY?.allowsCommercialUse).toBe(true);
    expect(byType.CC_BY_NC?.allowsCommercialUse).toBe(false);
  });

  test("GET /api/licenses/{id} answers one licence, 404 for an unknown id", async () => {
    const list = await call<Array<{ id: string }>>(live.server, "GET", "/licenses");
    const id = list.body[0]?.id as string;
    const one = await call<{ id: string; description: string; usageDescription: string }>(live.server, "GET", `/licenses/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(id);
    expect(one.body.description.length).toBeGreaterThan(0);
    expect(one.body.usageDescription.length).toBeGreaterThan(0);
    const missing = await call<{ message: string }>(live.server, "GET", "/licenses/nope");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("License not found");
  });
});

describe("pages", () => {
  test("prebuilt pages are served from disk, unknown paths get the 404 page", async () => {
    // /login and /register are rendered on demand (they show the OIDC button only where a provider is configured).
    const forgot = await fetch(`${live.server.url}/forgot-password`);
    expect(forgot.status).toBe(200);
    expect(await forgot.text()).toContain("<title>Forgot Password · Stemma</title>");
    const login = await fetch(`${live.server.url}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("<title>Login · Stemma</title>");
    const missing = await fetch(`${live.server.url}/definitely/not/here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
  });

  test("paths cannot climb out of the build folder", async () => {
    const res = await fetch(`${live.server.url}/..%2f..%2fpackage.json`);
    expect(await res.text()).not.toContain('"name": "stemma"');
  });
});

test("SIGTERM closes the server (each process of a cluster: API instances and worker) and exits cleanly", async () => {
  const other = await startServer();
  // Sent as soon as the server says it listens: from then on a stop signal is handled.
  for (const each of processesOf(other)) {
    each.proc.kill("SIGTERM");
    expect(await each.proc.exited).toBe(0);
    expect(each.output()).toContain("shutting down");
  }
  await other.stop();
});
