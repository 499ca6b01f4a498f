/**
 * Two server instances on one PostgreSQL database: they boot together on an empty database,
 * migrate it once, and share what no process may keep to itself (login rate limits, accounts).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { call, signUp } from "../../../tests/support/api";
import { startServer, type TestServer } from "../../../tests/support/server";
import { freshPostgresDatabase } from "../../../tests/support/test-database";

const LIMITS = { LOGIN_MAX_FAILURES_PER_IP: "3", LOGIN_MAX_FAILURES_PER_ACCOUNT: "100" };
// One secret for both, as behind a load balancer: a session made by one instance is good on the other.
const JWT_SECRET = "two-instances-share-this-secret-0123456789-abcdefgh";

let databaseUrl: string;
let servers: TestServer[] = [];

beforeAll(async () => {
  databaseUrl = await freshPostgresDatabase();
  servers = await Promise.all([1, 2].map(() => startServer({ env: { DATABASE_URL: databaseUrl, JWT_SECRET, ...LIMITS } })));
}, 90_000);
afterAll(() => Promise.all(servers.map((server) => server.stop())));

test("both instances come up on an empty database, and every migration is applied once", async () => {
  for (const server of servers) expect((await call(server, "GET", "/health")).status).toBe(200);
  const journal = JSON.parse(readFileSync(join(import.meta.dir, "../../../migrations/pg/meta/_journal.json"), "utf8"));
  const sql = new Bun.SQL(databaseUrl);
  try {
    const [applied] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied.n).toBe(journal.entries.length);
  } finally {
    await sql.close();
  }
});

test("an account made on one instance signs in on the other, with a session both accept", async () => {
  const [a, b] = servers as [TestServer, TestServer];
  const made = await signUp(a);
  const login = await call<{ token: string }>(b, "POST", "/auth/login", {
    body: { email: made.user.email, password: made.password },
  });
  expect(login.status).toBe(200);
  expect((await call<{ id: string }>(a, "GET", "/auth/me", { token: login.body.token })).body.id).toBe(made.user.id);
});

test("failed logins on either instance count against one per-address limit", async () => {
  const [a, b] = servers as [TestServer, TestServer];
  const fail = (server: TestServer, attempt: number) =>
    call<{ message: string }>(server, "POST", "/auth/login", {
      body: { email: `shared-limit-${attempt}@example.com`, password: "WrongPass1" },
    });
  expect((await fail(a, 1)).status).toBe(401);
  expect((await fail(b, 2)).status).toBe(401);
  expect((await fail(a, 3)).status).toBe(401);
  // Three failures from this address in all, none of them three on one instance: both now refuse it.
  for (const server of [b, a]) {
    const blocked = await fail(server, 4);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toContain("Too many failed login attempts");
  }
});

test("a NUL character in an id, which PostgreSQL cannot hold, is an unknown track (404), as on SQLite", async () => {
  const [a] = servers as [TestServer];
  const session = await signUp(a);
  for (const path of ["/track/%00", "/track/%00/lineage", "/track/a%00b/stems"])
    expect((await call(a, "GET", path, { token: session.token })).status).toBe(404);
});
