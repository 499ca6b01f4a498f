import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";

interface NotificationList {
  items: { title: string; message: string; type: string }[];
  total: number;
}

describe("early access requests", () => {
  const live = setUpApp();
  let admin: Session;
  let user: Session;
  beforeAll(async () => {
    admin = await signUp(live.server);
    user = await signUp(live.server);
  });

  test("an address is stored once and every admin is told once", async () => {
    const first = await call(live.server, "POST", "/auth/request-early-access", { body: { email: "Fan@Example.com" } });
    const again = await call(live.server, "POST", "/auth/request-early-access", { body: { email: " fan@example.com " } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });
    expect(again.body).toEqual({ success: true });
    const inbox = await call<NotificationList>(live.server, "GET", "/notifications", { token: admin.token });
    const requests = inbox.body.items.filter((item) => item.type === "early-access-request");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.message).toContain("fan@example.com");
    const userInbox = await call<NotificationList>(live.server, "GET", "/notifications", { token: user.token });
    expect(userInbox.body.total).toBe(0);
  });

  test("a bad address gets 'Please enter a valid email address'", async () => {
    const res = await call<{ message: string }>(live.server, "POST", "/auth/request-early-access", { body: { email: "fan@" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid email address");
  });
});

describe("ADMIN_EMAIL", () => {
  const live = setUpApp({ env: { ADMIN_EMAIL: "Boss@Example.com" } });

  test("makes that account ADMIN whenever it registers, and nobody else", async () => {
    const first = await signUp(live.server);
    const boss = await signUp(live.server, { email: "boss@example.com" });
    const later = await signUp(live.server);
    expect(first.user.role).toBe("USER");
    expect(boss.user.role).toBe("ADMIN");
    expect(later.user.role).toBe("USER");
    const flags = await call(live.server, "GET", "/admin/feature-flags", { token: boss.token });
    expect(flags.status).toBe(200);
    expect((await call(live.server, "GET", "/admin/feature-flags", { token: first.token })).status).toBe(403);
  });
});

describe("/auth/users", () => {
  const live = setUpApp();
  let viewer: Session;
  let other: Session;
  beforeAll(async () => {
    viewer = await signUp(live.server);
    other = await signUp(live.server);
  });

  test("lists ids and usernames only: never e-mails or password hashes", async () => {
    const res = await call<Record<string, unknown>[]>(live.server, "GET", "/auth/users", { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: other.user.id, username: other.user.username }]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("@");
    expect(text).not.toContain("argon2");
  });

  test("?email= finds exactly that user, by id and username only", async () => {
    const res = await call<Record<string, unknown>[]>(
      live.server,
      "GET",
      `/auth/users?email=${encodeURIComponent(other.user.email)}`,
      {
        token: viewer.token,
      },
    );
    expect(res.body).toEqual([{ id: other.user.id, username: other.user.username }]);
    const none = await call<unknown[]>(live.server, "GET", "/auth/users?email=nobody%40example.com", { token: viewer.token });
    expect(none.body).toEqual([]);
  });

  test("needs a token", async () => {
    expect((await call(live.server, "GET", "/auth/users")).status).toBe(401);
  });
});

describe("signup races", () => {
  const live = setUpApp();

  test("two parallel signups for one e-mail: one account, and a 409 (never a 500) for the other", async () => {
    const body = (username: string) => ({ email: "twice@example.com", username, password: "Secret123" });
    const results = await Promise.all([
      call<{ message?: string }>(live.server, "POST", "/auth/signup", { body: body("first_try") }),
      call<{ message?: string }>(live.server, "POST", "/auth/signup", { body: body("second_try") }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.status === 409)?.body.message).toBe("An account with this email already exists");
  });

  test("two parallel signups for one username: the same", async () => {
    const body = (email: string) => ({ email, username: "taken_twice", password: "Secret123" });
    const results = await Promise.all([
      call<{ message?: string }>(live.server, "POST", "/auth/signup", { body: body("a@example.com") }),
      call<{ message?: string }>(live.server, "POST", "/auth/signup", { body: body("b@example.com") }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.status === 409)?.body.message).toBe("This username is already taken");
  });
});
