/**
 * Changing a password and "Log out everywhere": both ask for the current
 * password, and every session signed before ends on every instance, kept list answers included; the session that
 * changed the password goes on with the new token it was given.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import type { Session as SessionReply } from "./model";

const live = setUpServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: "3" } });

const me = (token: string) => call<{ id: string; message?: string }>(live.server, "GET", "/auth/me", { token });
const login = (email: string, password: string) =>
  call<SessionReply & { message?: string }>(live.server, "POST", "/auth/login", { body: { email, password } });
const changePassword = (token: string | undefined, currentPassword: string, newPassword: string) =>
  call<SessionReply & { message?: string }>(live.server, "POST", "/auth/password", {
    token,
    body: { currentPassword, newPassword },
  });
const logoutEverywhere = (token: string | undefined, password: string) =>
  call<{ success?: boolean; message?: string }>(live.server, "POST", "/auth/logout-everywhere", { token, body: { password } });

/** A second session of the same account, as another device would have. */
const anotherDevice = async (session: Awaited<ReturnType<typeof signUp>>) =>
  (await login(session.user.email, session.password)).body.token;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
});

describe("changing the password", () => {
  test("ends every other session, keeps this one with a new token, and only the new password signs in", async () => {
    const user = await signUp(live.server);
    const phone = await anotherDevice(user);
    // The phone's list answer is kept: an ended session must not be answered from it either.
    expect((await call(live.server, "GET", "/tracks", { token: phone })).status).toBe(200);
    expect((await call(live.server, "GET", "/tracks", { token: phone })).status).toBe(200);

    const changed = await changePassword(user.token, user.password, "Changed456");
    expect(changed.status).toBe(200);
    expect(changed.body.user).toEqual(user.user);
    expect((await me(changed.body.token)).body.id).toBe(user.user.id);

    for (const ended of [user.token, phone]) {
      expect((await me(ended)).status).toBe(401);
      expect((await call(live.server, "GET", "/tracks", { token: ended })).status).toBe(401);
    }
    expect((await login(user.user.email, user.password)).status).toBe(401);
    expect((await login(user.user.email, "Changed456")).status).toBe(200);
  });

  test("a wrong current password, a weak new one or the same one again is refused and changes nothing", async () => {
    const user = await signUp(live.server);
    for (const [current, next, message] of [
      ["WrongPass1", "Changed456", "Current password is incorrect"],
      ["", "Changed456", "Current password is incorrect"],
      [user.password, "short1A", "Password must be at least 8 characters long"],
      [user.password, "nouppercase1", "Password must contain at least one uppercase letter"],
      [user.password, user.password, "New password must be different from the current password"],
    ] as const) {
      const res = await changePassword(user.token, current, next);
      expect([res.status, res.body.message], `${current} → ${next}`).toEqual([400, message]);
    }
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.user.email, user.password)).status).toBe(200);
  });

  test("a visitor gets 401; a session that guesses the password is stopped like failed logins", async () => {
    expect((await changePassword(undefined, "Secret123", "Changed456")).status).toBe(401);
    const user = await signUp(live.server);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await changePassword(user.token, `Guess${attempt}Wrong`, "Changed456")).status).toBe(400);
    const blocked = await changePassword(user.token, user.password, "Changed456");
    expect([blocked.status, blocked.body.message]).toEqual([
      429,
      "Too many failed attempts. Please wait 15 minutes and try again.",
    ]);
    expect((await me(user.token)).status).toBe(200);
  });
});

describe("log out everywhere", () => {
  test("ends every session of the user, this one included, and no one else's", async () => {
    const user = await signUp(live.server);
    const other = await signUp(live.server);
    const phone = await anotherDevice(user);
    const res = await logoutEverywhere(user.token, user.password);
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    for (const ended of [user.token, phone]) expect((await me(ended)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    const again = await login(user.user.email, user.password);
    expect((await me(again.body.token)).status).toBe(200);
  });

  test("needs the password: a wrong one is a 400 and every session goes on; a visitor gets 401", async () => {
    const user = await signUp(live.server);
    const res = await logoutEverywhere(user.token, "WrongPass1");
    expect([res.status, res.body.message]).toEqual([400, "Current password is incorrect"]);
    expect((await me(user.token)).status).toBe(200);
    expect((await logoutEverywhere(undefined, user.password)).status).toBe(401);
  });
});
