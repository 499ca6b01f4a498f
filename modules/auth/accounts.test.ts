import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { startServer, type TestServer } from "../../tests/support/server";

interface NotificationList {
  items: { title: string; message: string; type: string }[];
  total: number;
}

describe("early access requests", () => {
  let server: TestServer;
  let admin: Session;
  let user: Session;
  beforeAll(async () => {
    server = await startServer();
    admin = await signUp(server);
    user = await signUp(server);
  });
  afterAll(() => server.stop());

  test("an address is stored once and every admin is told once", async () => {
    const first = await call(server, "POST", "/auth/request-early-access", { body: { email: "Fan@Example.com" } });
    const again = await call(server, "POST", "/auth/request-early-access", { body: { email: " fan@example.com " } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });
    expect(again.body).toEqual({ success: true });
    const inbox = await call<NotificationList>(server, "GET", "/notifications", { token: admin.token });
    const requests = inbox.body.items.filter((item) => item.type === "early-access-request");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.message).toContain("fan@example.com");
    const userInbox = await call<NotificationList>(server, "GET", "/notifications", { token: user.token });
    expect(userInbox.body.total).toBe(0);
  });

  test("a bad address gets 'Please enter a valid email address'", async () => {
    const res = await call<{ message: string }>(server, "POST", "/auth/request-early-access", { body: { email: "fan@" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid email address");
  });
});

describe("ADMIN_EMAIL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL: "Boss@Example.com" } });
  });
  afterAll(() => server.stop());

  test("makes that account ADMIN whenever it registers, and nobody else", async () => {
    const first = await signUp(server);
    const boss = await signUp(server, { email: "boss@example.com" });
    const later = await signUp(server);
    expect(first.user.role).toBe("USER");
    expect(boss.user.role).toBe("ADMIN");
    expect(later.user.role).toBe("USER");
    const flags = await call(server, "GET", "/admin/feature-flags", { token: boss.token });
    expect(flags.status).toBe(200);
    expect((await call(server, "GET", "/admin/feature-flags", { token: first.token })).status).toBe(403);
  });
});

describe("/auth/users", () => {
  let server: TestServer;
  let viewer: Session;
  let other: Session;
  beforeAll(async () => {
    server = await startServer();
    viewer = await signUp(server);
    other = await signUp(server);
  });
  afterAll(() => server.stop());

  test("lists ids and usernames only: never e-mails or password hashes", async () => {
    const res = await call<Record<string, unknown>[]>(server, "GET", "/auth/users", { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: other.user.id, username: other.user.username }]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("@");
    expect(text).not.toContain("argon2");
  });

  test("?email= finds exactly that user, by id and username only", async () => {
    const res = await call<Record<string, unknown>[]>(
      server,
      "GET",
      `/auth/users?email=${encodeURIComponent(other.user.email)}`,
      {
        token: viewer.token,
      },
    );
    expect(res.body).toEqual([{ id: other.user.id, username: other.user.username }]);
    const none = await call<unknown[]>(server, "GET", "/auth/users?email=nobody%40example.com", { token: viewer.token });
    expect(none.body).toEqual([]);
  });

  test("needs a token", async () => {
    expect((await call(server, "GET", "/auth/users")).status).toBe(401);
  });
});

describe("signup races", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("two parallel signups for one e-mail: one account, and a 409 (never a 500) for the other", async () => {
    const body = (username: string) => ({ email: "twice@example.com", username, password: "Secret123" });
    const results = await Promise.all([
      call<{ message?: string }>(server, "POST", "/auth/signup", { body: body("first_try") }),
      call<{ message?: string }>(server, "POST", "/auth/signup", { body: body("second_try") }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.status === 409)?.body.message).toBe("An account with this email already exists");
  });

  test("two parallel signups for one username: the same", async () => {
    const body = (email: string) => ({ email, username: "taken_twice", password: "Secret123" });
    const results = await Promise.all([
      call<{ message?: string }>(server, "POST", "/auth/signup", { body: body("a@example.com") }),
      call<{ message?: string }>(server, "POST", "/auth/signup", { body: body("b@example.com") }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.status === 409)?.body.message).toBe("This username is already taken");
  });
});
