/**
 * PATCH /api/auth/me: a new e-mail address, confirmed with the current password. An address in use by another
 * account (in any case) is refused as at signup, ADMIN_EMAIL is not for taking, and the role never changes.
 */
import { beforeAll, expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";
import type { Profile, User } from "./model";

const ADMIN_EMAIL = "boss@example.com";
const live = setUpApp({ env: { ADMIN_EMAIL } });

const changeEmail = (token: string | undefined, email: string, currentPassword: string) =>
  call<Profile & { message?: string }>(live.server, "PATCH", "/auth/me", { token, body: { email, currentPassword } });
const login = (email: string, password: string) => call(live.server, "POST", "/auth/login", { body: { email, password } });

let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  admin = await signUp(live.server, { email: ADMIN_EMAIL });
});

test("the new address is the account's at once: /auth/me shows it, logins use it, sessions go on", async () => {
  const user = await signUp(live.server);
  const res = await changeEmail(user.token, "  New.Address@Example.com ", user.password);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ...user.user, email: "new.address@example.com", displayName: null, bio: "", avatarUrl: null });
  expect((await call<User>(live.server, "GET", "/auth/me", { token: user.token })).body.email).toBe("new.address@example.com");
  expect((await login("new.address@example.com", user.password)).status).toBe(200);
  expect((await login(user.user.email, user.password)).status).toBe(401);
  // The old address is free again.
  expect((await signUp(live.server, { email: user.user.email })).user.email).toBe(user.user.email);
});

test("refused, changing nothing: a bad address, a wrong password, an address in use, ADMIN_EMAIL", async () => {
  const user = await signUp(live.server);
  const other = await signUp(live.server);
  for (const [email, password, status, message] of [
    ["not-an-address", user.password, 400, "Please enter a valid email address"],
    ["fresh@example.com", "WrongPass1", 400, "Current password is incorrect"],
    [other.user.email.toUpperCase(), user.password, 409, "An account with this email already exists"],
    [ADMIN_EMAIL, user.password, 409, "An account with this email already exists"],
  ] as const) {
    const res = await changeEmail(user.token, email, password);
    expect([res.status, res.body.message], email).toEqual([status, message]);
  }
  const me = await call<Profile>(live.server, "GET", "/auth/me", { token: user.token });
  expect(me.body).toEqual({ ...user.user, displayName: null, bio: "", avatarUrl: null });
  expect((await changeEmail(undefined, "fresh@example.com", user.password)).status).toBe(401);
});

test("an admin who changes their address stays ADMIN, and no one else becomes one", async () => {
  const res = await changeEmail(admin.token, "boss.elsewhere@example.com", admin.password);
  expect([res.status, res.body.role]).toEqual([200, "ADMIN"]);
  const user = await signUp(live.server);
  const taken = await changeEmail(user.token, ADMIN_EMAIL, user.password);
  expect(taken.status).toBe(409);
  expect((await call<User>(live.server, "GET", "/auth/me", { token: user.token })).body.role).toBe("USER");
});
