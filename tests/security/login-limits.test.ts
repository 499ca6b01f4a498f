/**
 * Advisory regressions on login: Navidrome's bypass for unknown users (CVE-2025-27112) and its rate
 * limit dodged with a forged X-Forwarded-For. TRUSTED_PROXIES decides whose header is believed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, signUp } from "../support/api";
import { startServer, type TestServer } from "../support/server";

const LIMITS = { LOGIN_MAX_FAILURES_PER_IP: "3", LOGIN_MAX_FAILURES_PER_ACCOUNT: "100" };
const login = (server: TestServer, email: string, forwardedFor?: string) =>
  call<{ message: string; token?: string }>(server, "POST", "/auth/login", {
    body: { email, password: "WrongPass1" },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

// On a cluster its own nginx is always trusted (tests/support/cluster.ts); the tests are clients in front of it.
describe("without TRUSTED_PROXIES", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: LIMITS });
  });
  afterAll(() => server.stop());

  test("an unknown user gets exactly the answer of a wrong password, and no token", async () => {
    const known = await signUp(server);
    const wrongPassword = await login(server, known.user.email, "198.51.100.1");
    const unknown = await login(server, "nobody-here@example.com", "198.51.100.2");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(unknown.body).toEqual({ message: "Invalid email or password" });
    // An unknown user with an empty or odd password is no way in either.
    for (const password of ["", " ", "\u0000"]) {
      const odd = await call<{ token?: string }>(server, "POST", "/auth/login", {
        body: { email: "nobody-here@example.com", password },
      });
      expect(odd.status).toBeGreaterThanOrEqual(400);
      expect(odd.body.token).toBeUndefined();
    }
  });

  test("a forged X-Forwarded-For does not bypass the per-address login limit", async () => {
    const fresh = await startServer({ env: LIMITS });
    try {
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await login(fresh, `guess${attempt}@example.com`, `203.0.113.${attempt}`)).status).toBe(401);
      const blocked = await login(fresh, "guess9@example.com", "203.0.113.99");
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toContain("Too many failed login attempts");
    } finally {
      await fresh.stop();
    }
  });
});

describe("with TRUSTED_PROXIES naming the loopback proxy", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ...LIMITS, TRUSTED_PROXIES: "127.0.0.1, ::1" } });
  });
  afterAll(() => server.stop());

  test("the proxy's X-Forwarded-For is believed: each client address has its own limit", async () => {
    for (let attempt = 0; attempt < 3; attempt++) await login(server, `a${attempt}@example.com`, "192.0.2.10");
    expect((await login(server, "a9@example.com", "192.0.2.10")).status).toBe(429);
    // Another client behind the same proxy is not blocked by the first one's failures.
    expect((await login(server, "b@example.com", "192.0.2.20")).status).toBe(401);
  });

  test("a client cannot prepend addresses: the last hop the proxy added is the one counted", async () => {
    for (let attempt = 0; attempt < 3; attempt++) await login(server, `c${attempt}@example.com`, `10.9.9.${attempt}, 192.0.2.30`);
    expect((await login(server, "c9@example.com", "10.9.9.99, 192.0.2.30")).status).toBe(429);
  });
});
