import { describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";

const live = setUpApp();

describe("signup", () => {
  test("the first account becomes ADMIN, later ones USER", async () => {
    const first = await signUp(live.server);
    const second = await signUp(live.server);
    expect(first.user.role).toBe("ADMIN");
    expect(second.user.role).toBe("USER");
  });

  test.each([
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ username: "ab" }, "Username must be at least 3 characters long"],
    [{ username: "a b!" }, "Username can only contain letters, numbers, underscores, and hyphens"],
    [{ password: "Short1" }, "Password must be at least 8 characters long"],
    [{ password: "alllower1" }, "Password must contain at least one uppercase letter"],
    [{ password: "ALLUPPER1" }, "Password must contain at least one lowercase letter"],
    [{ password: "NoDigitsHere" }, "Password must contain at least one number"],
  ])("rejects %p with the SPEC message", async (override, message) => {
    const body = { email: "valid@example.com", username: "valid_name", password: "Secret123", ...override };
    const res = await call<{ message: string }>(live.server, "POST", "/auth/signup", { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test("duplicate e-mail or username is a 409", async () => {
    const existing = await signUp(live.server);
    const sameEmail = await call(live.server, "POST", "/auth/signup", {
      body: { email: existing.user.email.toUpperCase(), username: "fresh_name", password: "Secret123" },
    });
    const sameName = await call(live.server, "POST", "/auth/signup", {
      body: { email: "fresh@example.com", username: existing.user.username.toUpperCase(), password: "Secret123" },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameName.status).toBe(409);
  });

  test("signups racing for one e-mail or one username: exactly one is created, the others get the 409", async () => {
    const race = (bodies: Array<Record<string, string>>) =>
      Promise.all(bodies.map((body) => call<{ message?: string }>(live.server, "POST", "/auth/signup", { body })));
    const sameEmail = await race(
      Array.from({ length: 5 }, (_, n) => ({ email: `Racer@Example.com`, username: `racer_${n}`, password: "Secret123" })),
    );
    const sameName = await race(
      Array.from({ length: 5 }, (_, n) => ({ email: `runner${n}@example.com`, username: "Runner", password: "Secret123" })),
    );
    for (const [replies, message] of [
      [sameEmail, "An account with this email already exists"],
      [sameName, "This username is already taken"],
    ] as const) {
      expect(replies.filter((res) => res.status === 201)).toHaveLength(1);
      for (const res of replies.filter((reply) => reply.status !== 201)) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(message);
      }
    }
  });
});

describe("login and me", () => {
  test("login returns a token that /auth/me accepts, by header and never leaking the hash", async () => {
    const account = await signUp(live.server);
    const res = await call<Session>(live.server, "POST", "/auth/login", {
      body: { email: account.user.email, password: account.password },
    });
    expect(res.status).toBe(200);
    const me = await call<Record<string, unknown>>(live.server, "GET", "/auth/me", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(account.user.username);
    expect(JSON.stringify(me.body)).not.toContain("password");
  });

  test("wrong password is 401; missing or bad token on /auth/me is 401", async () => {
    const account = await signUp(live.server);
    const wrong = await call<{ message: string }>(live.server, "POST", "/auth/login", {
      body: { email: account.user.email, password: "Wrong1234" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid email or password");
    expect((await call(live.server, "GET", "/auth/me")).status).toBe(401);
    expect((await call(live.server, "GET", "/auth/me", { token: "not.a.token" })).status).toBe(401);
  });

  test("empty password gets 'Password is required'", async () => {
    const res = await call<{ message: string }>(live.server, "POST", "/auth/login", { body: { email: "a@b.co", password: "" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Password is required");
  });

  test("repeated failures for one account answer 429", async () => {
    const account = await signUp(live.server);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(live.server, "POST", "/auth/login", { body: { email: account.user.email, password: "Wrong1234" } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const right = await call(live.server, "POST", "/auth/login", {
      body: { email: account.user.email, password: account.password },
    });
    expect(right.status).toBe(429);
  });
});
