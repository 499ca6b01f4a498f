/**
 * The admin's Users screen API: every account with what it stores and may store (never an e-mail address), a search
 * by part of a username or a whole address, a password reset link for an account (the way back in without a mail
 * server) and its paid quota.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny } from "../../tests/support/uploads";
import type { StorageQuota } from "../storage/model";
import {
  type AdminUser,
  type AdminUserList,
  type EarlyAccessRequestList,
  PAID_QUOTA_INVALID,
  type PasswordResetLink,
} from "./model";

const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "600" } });
let admin: Session;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  admin = await signUp(live.server);
  alice = await signUp(live.server, { username: `alice_${Date.now().toString(36)}`, email: `Alice.${Date.now()}@Example.com` });
  bob = await signUp(live.server);
  await uploadTiny(live.server, alice);
  await uploadTiny(live.server, alice);
});

const list = (search?: string, token = admin.token) =>
  call<AdminUserList>(live.server, "GET", `/admin/users${search === undefined ? "" : `?search=${encodeURIComponent(search)}`}`, {
    token,
  });
const row = (users: AdminUser[], session: Session) => users.find((user) => user.id === session.user.id);

describe("the list", () => {
  test("every account, newest first, with its role, tracks and quota; never an e-mail address or a hash", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.hasMore).toBe(false);
    expect(body.users.map((user) => user.id)).toEqual([bob.user.id, alice.user.id, admin.user.id]);
    const quota = await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: alice.token });
    expect(row(body.users, alice)).toEqual({
      id: alice.user.id,
      username: alice.user.username,
      role: "USER",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      trackCount: 2,
      usedQuotaSeconds: quota.body.currentUsedQuotaSeconds,
      paidQuotaSeconds: 0,
      totalQuotaSeconds: 600,
    });
    expect(quota.body.currentUsedQuotaSeconds).toBeGreaterThan(0);
    expect(row(body.users, admin)?.role).toBe("ADMIN");
    for (const secret of ["argon2", "@example.com", "@Example.com"]) expect(JSON.stringify(body)).not.toContain(secret);
  });

  test("a search matches part of a username or a whole address in any case; % and _ match only themselves", async () => {
    const byName = await list(alice.user.username.slice(0, 8).toUpperCase());
    expect(byName.body.users.map((user) => user.id)).toEqual([alice.user.id]);
    const byAddress = await list(alice.user.email.toUpperCase());
    expect(byAddress.body.users.map((user) => user.id)).toEqual([alice.user.id]);
    // Part of an address finds nobody: the screen must not become a way to guess addresses letter by letter.
    expect((await list("alice.")).body.users).toEqual([]);
    expect((await list("%")).body.users).toEqual([]);
    // Every generated username has an underscore: it matches them all, and only because it is there.
    expect((await list("_")).body.users).toHaveLength(3);
    expect((await list("nobody-has-this")).body).toEqual({ users: [], hasMore: false });
  });

  test("a search longer than 200 characters is a 400", async () => {
    const { status, body } = await list("x".repeat(201));
    expect(status).toBe(400);
    expect((body as unknown as { message: string }).message).toBeTruthy();
  });
});

describe("a reset link for an account", () => {
  test("works once and ends the user's sessions", async () => {
    const user = await signUp(live.server);
    const made = await call<PasswordResetLink>(live.server, "POST", `/admin/users/${user.user.id}/password-reset`, {
      token: admin.token,
    });
    expect(made.status).toBe(200);
    const url = new URL(made.body.url);
    // On PUBLIC_URL (a test server's is its port-0 default): the page that takes the new password.
    expect(url.pathname).toBe("/reset-password");
    expect(new Date(made.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const token = url.searchParams.get("token") as string;
    const reset = () => call(live.server, "POST", "/auth/password-reset", { body: { token, password: "NewSecret456" } });
    expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(400);
    expect((await call(live.server, "GET", "/auth/me", { token: user.token })).status).toBe(401);
    const login = await call(live.server, "POST", "/auth/login", { body: { email: user.user.email, password: "NewSecret456" } });
    expect(login.status).toBe(200);
  });

  test("an unknown account is a 404", async () => {
    const made = await call<{ message: string }>(live.server, "POST", "/admin/users/no-such-user/password-reset", {
      token: admin.token,
    });
    expect([made.status, made.body.message]).toEqual([404, "User not found"]);
  });
});

describe("paid quota", () => {
  const setQuota = (id: string, body: unknown, token = admin.token) =>
    call<AdminUser & { message: string }>(live.server, "PATCH", `/admin/users/${id}`, { token, body });

  test("hours are added to the free quota at once, and 0 removes them", async () => {
    const set = await setQuota(bob.user.id, { paidQuotaHours: 2.5 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: bob.user.id, paidQuotaSeconds: 9000, totalQuotaSeconds: 9600 });
    const quota = await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: bob.token });
    expect(quota.body).toMatchObject({ paidQuotaSeconds: 9000, totalQuotaSeconds: 9600 });
    expect(row((await list()).body.users, bob)?.paidQuotaSeconds).toBe(9000);
    expect((await setQuota(bob.user.id, { paidQuotaHours: 0 })).body.totalQuotaSeconds).toBe(600);
  });

  test.each([[-1], [876_001], ["10"], [null]])("%p hours is a 400 and changes nothing", async (hours) => {
    const refused = await setQuota(bob.user.id, { paidQuotaHours: hours });
    expect([refused.status, refused.body.message]).toEqual([400, PAID_QUOTA_INVALID]);
    expect(row((await list()).body.users, bob)?.paidQuotaSeconds).toBe(0);
  });

  test("an unknown account is a 404", async () => {
    const refused = await setQuota("no-such-user", { paidQuotaHours: 1 });
    expect([refused.status, refused.body.message]).toEqual([404, "User not found"]);
  });
});

describe("early access requests", () => {
  const waiting = async () =>
    (await call<EarlyAccessRequestList>(live.server, "GET", "/admin/early-access-requests", { token: admin.token })).body
      .requests;

  test("the addresses still waiting, newest first; one that has an account since is no longer listed", async () => {
    for (const email of ["First.Fan@example.org", "second.fan@example.org"])
      expect((await call(live.server, "POST", "/auth/request-early-access", { body: { email } })).status).toBe(200);
    const requests = await waiting();
    expect(requests.map((request) => request.email)).toEqual(["second.fan@example.org", "first.fan@example.org"]);
    expect(Date.now() - new Date(requests[0]?.createdAt as string).getTime()).toBeLessThan(60_000);
    await signUp(live.server, { email: "FIRST.fan@example.org" });
    expect((await waiting()).map((request) => request.email)).toEqual(["second.fan@example.org"]);
  });
});

describe("only admins", () => {
  const ROUTES = [
    ["GET", "/admin/users", undefined],
    ["GET", "/admin/early-access-requests", undefined],
    ["POST", "/admin/users/ID/password-reset", undefined],
    ["PATCH", "/admin/users/ID", { paidQuotaHours: 100 }],
  ] as const;

  test.each(ROUTES)("%s %s: 401 without a token, 403 for a user, and nothing changes", async (method, path, body) => {
    const target = path.replace("ID", alice.user.id);
    expect((await call(live.server, method, target, { body })).status).toBe(401);
    const plain = await call<{ message: string }>(live.server, method, target, { body, token: bob.token });
    expect([plain.status, plain.body.message]).toEqual([403, "Admin access required"]);
    expect(row((await list()).body.users, alice)?.paidQuotaSeconds).toBe(0);
  });
});
